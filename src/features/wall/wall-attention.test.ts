import { describe, expect, it } from 'vitest';
import { DEFAULT_ATTENTION_RULE } from '../../analysis/attention/attention';
import { parseAlertRules } from '../../analysis/alerts';
import type { Series } from '../../analysis/series';
import { findVolcano } from '../../domain/volcanoes';
import { judgeVolcano } from '../../ui/attention/judge-volcano';
import { sessionPatches } from './wall-attention';

const NOW_S = Date.UTC(2026, 10, 20, 12, 0) / 1000;
const settings = { defaults: { ...DEFAULT_ATTENTION_RULE }, volcanoes: {}, channels: {} };

/** A day and a half of calm one-minute windows around `level` counts, up to the minute before now. */
function calm(level: number): Series {
  const times: number[] = [];
  const values: number[] = [];
  for (let t = NOW_S - 36 * 3600; t < NOW_S; t += 60) {
    times.push(t);
    values.push(level * (1 + 0.1 * Math.sin(t / 97)));
  }
  return { times: Float64Array.from(times), values: Float64Array.from(values), windowSec: 60 };
}

const cleveland = findVolcano(311240)!;
const judge = (alert: string) =>
  judgeVolcano(
    cleveland,
    [
      { station: 'CLCL', id: 'AV.CLCL..BHZ', result: { data: calm(300), error: null, isError: false } },
      { station: 'CLES', id: 'AV.CLES..BHZ', result: { data: calm(250), error: null, isError: false } },
    ],
    settings,
    NOW_S * 1000,
    sessionPatches(parseAlertRules(alert).rules, settings.defaults.high),
  );
const stateOf = (v: ReturnType<typeof judge>, station: string) =>
  v.stations.find((s) => s.station === station)!.status.state;

describe("the wall's alert= rules are the session's changes to the one attention rule", () => {
  it('a level in counts below the data fires that channel only, judged like any level (held, then firing)', () => {
    const v = judge('AV.CLCL..BHZ:1,AV.CLES..BHZ:1000000');
    expect(stateOf(v, 'CLCL')).toBe('firing');
    expect(stateOf(v, 'CLES')).toBe('normal');
  });

  it('no rule: calm data is normal at every station', () => {
    const v = judge('');
    expect(stateOf(v, 'CLCL')).toBe('normal');
    expect(stateOf(v, 'CLES')).toBe('normal');
  });

  it('a ratio rule sets the elevated level: 0.5 × its median fires, 20 × does not', () => {
    expect(stateOf(judge('AV.CLCL..BHZ:0.5x'), 'CLCL')).toBe('firing');
    expect(stateOf(judge('AV.CLCL..BHZ:20x'), 'CLCL')).toBe('normal');
  });
});
