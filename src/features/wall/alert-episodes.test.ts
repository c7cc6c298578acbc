import { describe, expect, it } from 'vitest';
import { continueEpisode, loadEpisodes, nextEpisodes, saveEpisodes, type Episodes } from './alert-episodes';

const DAY = 86_400;
const alert = (since: number, at: number) => ({ kind: 'alert', value: 900, limit: 500, since, at }) as const;

describe('alert episodes', () => {
  it('keeps the episode across UTC midnight, when the loaded window slides past the crossing', () => {
    // Above since 20:00 on day 0, seen at 20:00 on day 1 with day 0 still loaded.
    const first = continueEpisode(undefined, alert(20 * 3600, DAY + 20 * 3600), 0);
    expect(first).toEqual({ id: 20 * 3600, start: 20 * 3600, startOpen: false, lastAbove: DAY + 20 * 3600 });
    // A minute later the loaded window starts at day 1: the run seen now starts there, still above.
    const later = continueEpisode(first, alert(DAY, DAY + 20 * 3600 + 60), DAY);
    expect(later.id).toBe(first.id);
    // The crossing seen first stays the honest start; it was not at the edge of the data then.
    expect(later.start).toBe(20 * 3600);
    expect(later.startOpen).toBe(false);
    expect(later.lastAbove).toBe(DAY + 20 * 3600 + 60);
    // Seen only from then on, a run from the window's start is a lower bound.
    expect(continueEpisode(undefined, alert(DAY, DAY + 20 * 3600 + 60), DAY).startOpen).toBe(true);
  });

  it('drops "since at least" once more history shows the run began exactly there', () => {
    const open = continueEpisode(undefined, alert(DAY, DAY + 600), DAY);
    expect(open.startOpen).toBe(true);
    // A longer range loads the day before: the run still starts at DAY, now a known crossing.
    expect(continueEpisode(open, alert(DAY, DAY + 660), 0)).toMatchObject({ start: DAY, startOpen: false });
  });

  it('starts a new episode after a dip, and says when a run reaches the start of the loaded data', () => {
    const first = continueEpisode(undefined, alert(3600, 7200), 0);
    const afterDip = continueEpisode(first, alert(7200 + 120, 9000), 0);
    expect(afterDip.id).toBe(7320);
    expect(continueEpisode(undefined, alert(0, 600), 0).startOpen).toBe(true);
  });

  it('returns the same object when nothing changed, ends quiet rules, and keeps unknown ones', () => {
    const prev: Episodes = {
      a: { id: 10, start: 10, startOpen: false, lastAbove: 100 },
      b: { id: 20, start: 20, startOpen: false, lastAbove: 100 },
    };
    const same = nextEpisodes(prev, [
      { ruleKey: 'a', state: alert(10, 100), dataStart: 0 },
      { ruleKey: 'b', state: { kind: 'unknown', reason: 'stale', at: 100 }, dataStart: 0 },
    ]);
    expect(same).toBe(prev);
    const next = nextEpisodes(prev, [
      { ruleKey: 'a', state: { kind: 'quiet', value: 1, limit: 500, at: 160 }, dataStart: 0 },
      { ruleKey: 'b', state: alert(20, 160), dataStart: 0 },
    ]);
    expect(Object.keys(next)).toEqual(['b']);
    expect(next.b!.lastAbove).toBe(160);
  });

  it('survives a reload through sessionStorage and drops malformed entries', () => {
    saveEpisodes({ r: { id: 1, start: 1, startOpen: true, lastAbove: 5 } });
    expect(loadEpisodes()).toEqual({ r: { id: 1, start: 1, startOpen: true, lastAbove: 5 } });
    sessionStorage.setItem('volcano-dashboard.wall-alert-episodes', '{"r":{"id":"x"},"s":null}');
    expect(loadEpisodes()).toEqual({});
    sessionStorage.setItem('volcano-dashboard.wall-alert-episodes', 'not json');
    expect(loadEpisodes()).toEqual({});
  });
});
