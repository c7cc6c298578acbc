import { scheduleBuild } from './build-queue';

const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('scheduleBuild', () => {
  it('builds after the current task, one plot per task, in order', async () => {
    const log: string[] = [];
    scheduleBuild(() => log.push('a'));
    scheduleBuild(() => log.push('b'));
    scheduleBuild(() => log.push('c'));
    expect(log).toEqual([]);
    await nextTask();
    expect(log).toEqual(['a']);
    await nextTask();
    expect(log).toEqual(['a', 'b']);
    await nextTask();
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('skips a build cancelled before it ran (its plot unmounted)', async () => {
    const log: string[] = [];
    const cancelA = scheduleBuild(() => log.push('a'));
    const cancelB = scheduleBuild(() => log.push('b'));
    scheduleBuild(() => log.push('c'));
    cancelA();
    cancelB();
    await nextTask();
    expect(log).toEqual(['c']);
  });
});
