import { afterEach, describe, expect, it } from 'vitest';
import { computeAnalysis, type AnalysisInput } from './derived/analysis-data';
import { ACCELERATING as A, FLAT_50 as B, FLAT_20 as C, analysisInput as input } from './derived/derived-test-data';
import type { AnalysisJobInput } from './jobs/job-types';
import { sayAnalysis } from './analysis-words';
import { activateLocale } from '../i18n/i18n';
import { loadCatalogue } from '../i18n/catalogue';

const hourly = { windowSec: 3600, kind: 'median' as const, label: '1h rolling median' };

/** The job's input as the view sends it: each channel as one loaded chunk. */
function jobOf(i: AnalysisInput): AnalysisJobInput {
  const { history: _history, ...rest } = i;
  return {
    ...rest,
    channels: i.channels.map((c) => ({
      id: c.id,
      windowSec: c.windowSec,
      parts: [{ times: Float64Array.from(c.times), values: Float64Array.from(c.values) }],
    })),
  };
}

const CASES: Record<string, Partial<AnalysisInput>> = {
  'inverse, raw': {},
  'inverse, smoothed': { smooth: hourly },
  'inverse, no channel': { channels: [] },
  ratio: { analysis: 'ratio', channels: [A, B, C] },
  'ratio, smoothed': { analysis: 'ratio', smooth: hourly },
  'ratio, one channel': { analysis: 'ratio', channels: [A] },
  cumulative: { analysis: 'cumulative', smooth: hourly },
  counts: { analysis: 'counts', threshold: { kind: 'median', factor: 3 }, channels: [A] },
  'counts of days, local, two channels': {
    analysis: 'counts',
    bin: 'day',
    zone: 'America/Costa_Rica',
    channels: [A, B],
    smooth: hourly,
  },
};

afterEach(() => activateLocale('en', {}));

describe('sayAnalysis: the worker’s result said again on this thread', () => {
  // The worker writes English without message macros; the screen says it again from the job's
  // input. In English the two must read the same, word for word, or one of them drifted.
  it.each(Object.keys(CASES))('%s: in English, word for word the worker’s', (name) => {
    const i = input(CASES[name]!);
    const r = computeAnalysis(i);
    const said = sayAnalysis(r, jobOf(i));
    expect(said.method).toEqual(r.method);
    expect(said.scope).toEqual(r.scope);
    expect(said.problem).toEqual(r.problem);
    expect(said.resolution).toEqual(r.resolution);
    expect(said.names).toEqual(r.names);
    expect([said.unit, said.y2Unit, said.units]).toEqual([r.unit, r.y2Unit, r.units]);
    expect(said.data).toBe(r.data);
  });

  it('in Spanish: the method, the scope and the units, the CSV’s English left in the worker’s result', async () => {
    activateLocale('es', await loadCatalogue('es'));
    const i = input(CASES['counts of days, local, two channels']!);
    const r = computeAnalysis(i);
    const said = sayAnalysis(r, jobOf(i));
    expect(said.method[1]).toMatch(
      /^Cada evento se cuenta en el día en que empieza; .* Los intervalos son días en hora local \(America\/Costa_Rica\)$/,
    );
    expect(said.method[2]).toBe('AV.CLCL..BHZ, AV.CLES..BHZ, ventanas sin procesar de 60 s');
    expect(said.scope.smoothingWhy).toBe('el ajuste Suavizado no se aplica: las ventanas se evalúan sin procesar');
    expect(said.names).toEqual(['2 canales: eventos por día', '2 canales: ventanas por encima por día']);
    expect(said.units).toEqual(['eventos', 'ventanas']);
    expect(r.names).toEqual(['2 channels events per day', '2 channels windows above per day']);
  });
});
