import { describe, expect, it } from 'vitest';
import {
  continueEpisode,
  EPISODE_END_BELOW_SEC,
  loadEpisodes,
  nextEpisodes,
  saveEpisodes,
  type Episodes,
} from './alert-episodes';

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

  it('starts a new episode only after a dip longer than the hold, and says when a run reaches the start of the loaded data', () => {
    expect(EPISODE_END_BELOW_SEC).toBe(600);
    const first = continueEpisode(undefined, alert(3600, 7200), 0);
    // One window at or below (7260), above again from 7320: the same episode, seen from its start.
    const afterBlip = continueEpisode(first, alert(7320, 9000), 0);
    expect(afterBlip).toEqual({ id: 3600, start: 3600, startOpen: false, lastAbove: 9000 });
    // A median rule's run start moves a window later as the loaded days slide under its median: the same.
    expect(continueEpisode(first, alert(7260, 7320), 0).id).toBe(3600);
    // Ten windows at or below (7260..7800), above again from 7860: a new episode.
    expect(continueEpisode(first, alert(7860, 9000), 0).id).toBe(7860);
    expect(continueEpisode(undefined, alert(0, 600), 0).startOpen).toBe(true);
  });

  it('keeps an episode through a one-window dip and ends it after ten minutes at or below', () => {
    const quiet = (at: number) => ({ kind: 'quiet', value: 100, limit: 500, at }) as const;
    const step = (prev: Episodes, state: Parameters<typeof nextEpisodes>[1][number]['state']) =>
      nextEpisodes(prev, [{ ruleKey: 'r', state, dataStart: 0 }]);
    const above = step({}, alert(3600, 7200));
    // One window at or below: kept as it was (the same object, so nothing re-renders for it).
    const dip = step(above, quiet(7260));
    expect(dip).toBe(above);
    expect(step(dip, alert(7320, 7320)).r).toEqual({ id: 3600, start: 3600, startOpen: false, lastAbove: 7320 });
    // Nine minutes at or below: still open.
    expect(step(above, quiet(7200 + 540)).r?.id).toBe(3600);
    // Ten minutes at or below: ended, and the next crossing is a new episode.
    const ended = step(above, quiet(7200 + 600));
    expect(ended).toEqual({});
    expect(step(ended, alert(7860, 7860)).r?.id).toBe(7860);
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
      { ruleKey: 'a', state: { kind: 'quiet', value: 1, limit: 500, at: 100 + EPISODE_END_BELOW_SEC }, dataStart: 0 },
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
    // Other shapes an older build or a hand edit could leave: dropped, the good entries kept.
    for (const bad of ['null', '[1,2]', '"x"', '5', '{"r":[1,2,3]}', '{"r":{"id":1,"start":1,"lastAbove":5}}']) {
      sessionStorage.setItem('volcano-dashboard.wall-alert-episodes', bad);
      expect(loadEpisodes(), bad).toEqual({});
    }
    sessionStorage.setItem(
      'volcano-dashboard.wall-alert-episodes',
      '{"old":{"id":"1","start":1,"startOpen":true,"lastAbove":5},"r":{"id":1,"start":1,"startOpen":true,"lastAbove":5,"x":2}}',
    );
    expect(loadEpisodes()).toEqual({ r: { id: 1, start: 1, startOpen: true, lastAbove: 5 } });
  });
});
