import { scheduleBuild } from './build-queue';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('scheduleBuild', () => {
  it('builds the first plot at once and each further one in a task of its own, in order', async () => {
    const log: string[] = [];
    scheduleBuild(() => log.push('a'));
    scheduleBuild(() => log.push('b'));
    scheduleBuild(() => log.push('c'));
    expect(log).toEqual(['a']);
    await nextTask();
    expect(log).toEqual(['a', 'b']);
    await nextTask();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('skips a build cancelled before it ran (its plot unmounted)', async () => {
    const log: string[] = [];
    scheduleBuild(() => log.push('a'));
    const cancel = scheduleBuild(() => log.push('b'));
    scheduleBuild(() => log.push('c'));
    cancel();
    await vi.waitFor(() => expect(log).toEqual(['a', 'c']));
  });
});
