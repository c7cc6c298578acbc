import { act, render, renderHook, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseAlertRules } from '../../analysis/alerts';
import type { RsamSeries } from '../../api/decode/rsam-series';
import { parseChannelId } from '../../domain/channel-id';
import { findVolcano } from '../../domain/volcanoes';
import type { VolcanoData } from './use-wall-data';
import { ChannelAlert } from './tile-alerts';
import type { AlertMessage } from './wall-alerts';

const ACKS = 'volcano-dashboard.wall-alert-acks';
const EPISODES = 'volcano-dashboard.wall-alert-episodes';
const ID = 'AV.CLCL..BHZ';
const T0 = Date.UTC(2026, 10, 26, 0, 0) / 1000;
const rules = parseAlertRules(`${ID}:500`).rules;

/** The wall's data for Cleveland with one channel whose one-minute windows hold `values`. */
function wallData(values: readonly number[]): VolcanoData[] {
  const series: RsamSeries = {
    channel: parseChannelId(ID)!,
    windowSec: 60,
    times: Float64Array.from(values, (_, i) => T0 + i * 60),
    values: Float64Array.from(values),
  };
  const result = { data: series } as UseQueryResult<RsamSeries>;
  return [
    { volcano: findVolcano(311240)!, channels: [{ id: ID, ref: series.channel, station: 'CLCL', shown: true, listed: true, result }], cameras: [] },
  ];
}
/** Now: a minute after the last window, so the data is fresh. */
const nowAfter = (values: readonly number[]) => (T0 + values.length * 60) * 1000;
const runs = (...parts: [value: number, minutes: number][]) => parts.flatMap(([v, n]) => Array<number>(n).fill(v));

/** The hook and the store, fresh, as a wall starting with whatever sessionStorage holds. */
async function loadWall(initial: readonly number[] = runs([100, 60], [900, 60])) {
  vi.resetModules();
  const alerts = await import('./wall-alerts');
  const tiles = await import('./tile-alerts');
  const store = await import('../../stores/alert-ack-store');
  return renderHook(
    ({ values, now }: { values: readonly number[]; now?: number }) => {
      const data = useMemoOnce(values);
      const list = alerts.useWallAlerts(rules, data, now ?? nowAfter(values));
      const told = tiles.tellAlerts(list, store.useAcknowledgedAlerts())[0]!;
      return { list, told, acknowledge: store.useAlertActions().alertAcknowledged };
    },
    { initialProps: { values: initial } as { values: readonly number[]; now?: number } },
  );
}

// The same VolcanoData for the same values array, as useWallData keeps it while no answer changes.
const cache = new WeakMap<readonly number[], VolcanoData[]>();
function useMemoOnce(values: readonly number[]): VolcanoData[] {
  let d = cache.get(values);
  if (!d) cache.set(values, (d = wallData(values)));
  return d;
}

const renderAlert = (m: AlertMessage) => render(<ChannelAlert m={m} onAcknowledge={() => undefined} />);

beforeEach(() => sessionStorage.clear());

describe('useWallAlerts', () => {
  it('raises an alert, keeps it acknowledged through a one-window dip, ends it after ten minutes at or below, and raises the next episode', async () => {
    const rising = runs([100, 60], [900, 60]);
    const { result, rerender } = await loadWall(rising);
    const first = result.current.told;
    expect(first.a.state).toMatchObject({ kind: 'alert', value: 900 });
    expect(first.loud).toBe(true);
    expect(first.a.key).toBe(`${ID}:500@${T0 + 3600}`);
    expect(first.m!.now).toBe('now 900 counts');

    act(() => result.current.acknowledge(first.a.key!));
    expect(result.current.told.loud).toBe(false);

    // A refresh with a higher level: the live words stay the same, only the level changes.
    const higher = [...rising, 1200];
    const shown = renderAlert(first.m!);
    const live = screen.getByRole('alert');
    // What a screen reader says when the alert appears: the rule and since when, not the level.
    const words = live.textContent;
    expect(words).toMatch(
      new RegExp(
        `^RSAM alert: ${ID} above 500 counts since 2026-11-26 01:00 UTC \\(2026-11-25 15:00 (HAST|HST|GMT-10) local\\)$`,
      ),
    );
    rerender({ values: higher });
    expect(result.current.told.m!.now).toBe('now 1,200 counts');
    shown.rerender(<ChannelAlert m={result.current.told.m!} onAcknowledge={() => undefined} />);
    expect(screen.getByRole('alert')).toBe(live);
    expect(live.textContent).toBe(words);
    expect(live.textContent).not.toMatch(/1,200|900/);

    // One window at or below: the same episode, still acknowledged, saying it is back below.
    const dip = [...higher, 480];
    rerender({ values: dip });
    expect(result.current.told).toMatchObject({ loud: false, a: { key: first.a.key } });
    expect(result.current.told.m!.now).toBe('now 480 counts, back at or below: the alert ends after 10 min there');
    rerender({ values: [...dip, 950] });
    expect(result.current.told).toMatchObject({ loud: false, a: { key: first.a.key } });
    expect(result.current.told.a.state.kind).toBe('alert');

    // Nine minutes at or below: still open; ten: the episode ends.
    const nine = [...dip, 950, ...runs([300, 9])];
    rerender({ values: nine });
    expect(result.current.told.a.key).toBe(first.a.key);
    const ten = [...nine, 300];
    rerender({ values: ten });
    expect(result.current.told).toMatchObject({ loud: false, m: null, a: { key: null, episode: null } });

    // Above again: a new episode, loud until acknowledged.
    const again = [...ten, 700];
    rerender({ values: again });
    expect(result.current.told.loud).toBe(true);
    expect(result.current.told.a.key).toBe(`${ID}:500@${T0 + (again.length - 1) * 60}`);
  });

  it('judges the data again only when it changes, not as the clock moves', async () => {
    const values = runs([100, 60], [900, 60]);
    const { result, rerender } = await loadWall(values);
    const before = result.current.list;
    rerender({ values, now: nowAfter(values) + 5 * 60_000 });
    expect(result.current.list).toBe(before);
    // Past the staleness limit the clock does change it: too old to judge.
    rerender({ values, now: nowAfter(values) + 31 * 60_000 });
    expect(result.current.list[0]!.state).toMatchObject({ kind: 'unknown', reason: 'stale' });
  });

  it('starts from malformed or older stored acknowledgements and episodes without failing', async () => {
    // An older build keyed acknowledgements by channel and run start: not this episode's key, so
    // the alert shows once more; broken values are dropped.
    sessionStorage.setItem(ACKS, JSON.stringify([`${ID}@${T0 + 3600}`, 5, null]));
    sessionStorage.setItem(EPISODES, '{"AV.CLCL..BHZ:500":{"id":"x"},"other":7}');
    const { result } = await loadWall();
    expect(result.current.told).toMatchObject({ loud: true, a: { key: `${ID}:500@${T0 + 3600}` } });
    act(() => result.current.acknowledge(result.current.told.a.key!));
    // Kept with when it was acknowledged; the older entry keeps no time.
    expect(JSON.parse(sessionStorage.getItem(ACKS)!)).toEqual([
      `${ID}@${T0 + 3600}`,
      [`${ID}:500@${T0 + 3600}`, expect.any(Number)],
    ]);

    for (const broken of ['not json', '{"a":1}', 'null']) {
      sessionStorage.setItem(ACKS, broken);
      sessionStorage.setItem(EPISODES, broken);
      const { result: r } = await loadWall();
      expect(r.current.told.loud, broken).toBe(true);
    }
  });
});
