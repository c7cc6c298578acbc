import { server } from '../../mocks/node';
import { useTestConfig } from '../test/test-config';
import { fetchImagery } from './imagery/imagery';
import { fetchRsamDays } from './seismic';
import { rateLimiter } from './rate/browser-limiter';
import { parseChannelId } from '../domain/channel-id';
import { referenceChannelIds } from '../domain/volcanoes';

/**
 * A heavy scripted session against the real mock handlers, whose per-endpoint limits follow spec 01 §8:
 * paging rapidly through 300 imagery pages and changing channels 50 times must draw no 429.
 */
describe('a heavy session stays inside the service limits', () => {
  beforeEach(() => {
    useTestConfig();
    vi.useFakeTimers({ now: Date.UTC(2025, 2, 10, 12, 0, 30), toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('300 imagery pages and 50 channel changes draw no 429', async () => {
    const statuses: number[] = [];
    const onResponse = ({ response }: { response: Response }) => statuses.push(response.status);
    server.events.on('response:mocked', onResponse);
    const channels = referenceChannelIds().map((id) => parseChannelId(id)!);
    const day = Date.UTC(2025, 2, 9);
    const work: Promise<unknown>[] = [];
    for (let page = 1; page <= 300; page++)
      work.push(fetchImagery({ imageType: 'visible', site: 'RKPI', freq: 'all', page, limit: 5, from: day, to: day }));
    for (let i = 0; i < 50; i++) {
      // A channel change loads two chunks (two days) of the new channel.
      const channel = channels[i % channels.length]!;
      work.push(fetchRsamDays({ channel, from: day - 86_400_000, to: day - 86_400_000 }));
      work.push(fetchRsamDays({ channel, from: day, to: day }));
    }
    let settled = false;
    const all = Promise.all(work).then(() => (settled = true));
    for (let i = 0; i < 60 && !settled; i++) await vi.advanceTimersByTimeAsync(5_000);
    await all;
    server.events.removeListener('response:mocked', onResponse);
    expect(statuses.length).toBe(400);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(rateLimiter.snapshot().queued).toBe(0);
  }, 60_000);
});
