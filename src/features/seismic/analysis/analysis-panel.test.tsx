import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeSeriesChartProps } from '../../../chart/time-series-chart';
import { parseChannelId } from '../../../domain/channel-id';
import { AnalysisPanel } from './analysis-panel';
import { channel } from './analysis-test-data';
import { accelerating, T0 } from '../../../analysis/derived/derived-test-data';
import { DEFAULT_STATE, type SeismicViewState } from '../seismic-params';
import type { HistoryDay } from './analysis-history';

// The chart itself needs a canvas: a stand-in keeps its props, so a test can move its cursor.
const chart = vi.hoisted(() => ({ props: null as TimeSeriesChartProps | null }));
vi.mock('../../../chart/time-series-chart', () => ({
  TimeSeriesChart: (p: TimeSeriesChartProps) => {
    chart.props = p;
    return <div role="group" aria-label={p.label} tabIndex={0} />;
  },
}));

// The day before the range, which the counts load: none unless a test gives one.
const history = vi.hoisted(() => ({ day: { channels: [], pending: false, failed: false } as HistoryDay }));
vi.mock('./analysis-history', () => ({ useHistoryDay: () => history.day }));

const CLCL = channel('AV.CLCL..BHZ', accelerating(240));
const CLES = channel('AV.CLES..BHZ', Array(240).fill(60));
const bounds = [T0, T0 + 240 * 60] as const;

function renderPanel(patch: Partial<SeismicViewState>, chans = [CLCL, CLES]) {
  const onChange = vi.fn();
  const state: SeismicViewState = {
    ...DEFAULT_STATE,
    channels: chans.map((c) => parseChannelId(c.id)!),
    ...patch,
  };
  const props = { channels: chans, state, bounds, zone: 'UTC', zoneLabel: 'UTC', complete: true, onView: vi.fn() };
  const view = render(<AnalysisPanel {...props} onChange={onChange} />);
  const rerender = (p: Partial<SeismicViewState>) =>
    view.rerender(<AnalysisPanel {...props} state={{ ...state, ...p }} onChange={onChange} />);
  return { onChange, rerender };
}

const readout = () => screen.getByLabelText('Values under the cursor');
/**
 * The analysis is worked out off this thread (src/analysis/jobs): until it is in, the panel is busy.
 * Waited for up to 10 s: with e2e runs on the same two cores, the file's first analysis took over
 * waitFor's 1 s default (1.7–2.7 s) and its test failed, the code being right.
 */
const settled = () =>
  waitFor(() => expect(screen.getByRole('region', { name: /chart$/ })).toHaveAttribute('aria-busy', 'false'), {
    timeout: 10_000,
  });
const moveCursor = (x: number | null) => act(() => chart.props!.onCursor!(x));

beforeEach(() => {
  chart.props = null;
  history.day = { channels: [], pending: false, failed: false };
});

describe('AnalysisPanel', () => {
  it('says what it works out until the result is in, then shows it', async () => {
    renderPanel({ analysis: 'counts' }, [CLCL, CLES]);
    expect(screen.getByRole('region', { name: /chart$/ })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Working out events for 2 channels…', { selector: '.analysis-working p' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await settled();
    expect(screen.queryByText(/^Working out/)).toBeNull();
    expect(screen.getByText(/began in the range/)).toBeInTheDocument();
  });

  it('ratio: a legend of the series, and the value under the cursor with its time and zone', async () => {
    renderPanel({ analysis: 'ratio' });
    await settled();
    expect(readout()).toHaveTextContent('Move the pointer over the chart to read values');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ ÷ AV.CLES..BHZ');
    // Minute 150: 100 / (1 − 0.5) = 200 counts over 60.
    moveCursor(T0 + 150 * 60);
    expect(readout()).toHaveTextContent('2025-03-01 02:30:00 UTC');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ ÷ AV.CLES..BHZ 3.33 ratio');
    moveCursor(null);
    expect(readout()).toHaveTextContent('Move the pointer over the chart');
  });

  it('inverse rate: the read-out is of the 1/RSAM the chart draws (10-minute blocks), in the chart’s zone', async () => {
    renderPanel({ analysis: 'inverse' });
    await settled();
    const [xs, ys] = chart.props!.data as [ArrayLike<number>, (number | null)[]];
    // One value per 10-minute block, timed at its middle: 24 in four hours.
    expect(xs.length).toBe(24);
    expect(xs[0]).toBe(T0 + 300);
    const i = 10;
    // Under load (a full `npm test`) the read-out once still said "Move the pointer" right after the
    // panel settled; the cursor is moved again until the read-out shows it, as a pointer would.
    await waitFor(() => {
      moveCursor(xs[i]!);
      expect(readout()).toHaveTextContent('2025-03-01 01:45:00 UTC');
    });
    expect(readout()).toHaveTextContent(`1/RSAM AV.CLCL..BHZ ${ys[i]!.toPrecision(3)} 1/counts`);
  });

  it('inverse rate: says beside the chart which values it fits and that the second channel is left out', async () => {
    renderPanel({ analysis: 'inverse', smooth: null });
    await settled();
    const scope = screen.getByText(/^Channel:/).closest('p')!;
    expect(scope).toHaveTextContent(
      'Channel: AV.CLCL..BHZ only; not included: AV.CLES..BHZ (the inverse rate is of the first channel only).',
    );
    expect(scope).toHaveTextContent(
      'Smoothing: 10-minute medians, one per block (not rolling: values fitted must not share windows) (applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit).',
    );
    expect(screen.getByText(/^What the method assumes, and where it fails\./).closest('p')).toHaveTextContent(
      /Known to fail: unrest that does not accelerate to failure; daily or tidal cycles/,
    );
  });

  it('inverse rate: the keyboard sets the fit span to the visible range and clears it; the forecast names what it fitted', async () => {
    const user = userEvent.setup();
    const view: readonly [number, number] = [T0 + 3600, T0 + 3 * 3600];
    const { onChange, rerender } = renderPanel({ analysis: 'inverse', view });
    await settled();
    const fit = screen.getByRole('button', { name: 'Fit the visible range' });
    for (let i = 0; i < 10 && document.activeElement !== fit; i++) await user.tab();
    expect(fit).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ fit: view });

    rerender({ analysis: 'inverse', view, fit: view });
    expect(screen.getByRole('status')).toHaveTextContent('Working out the forecast for this span…');
    await settled();
    // 100 / (1 − i/300) per minute: 1/rate reaches zero at minute 300, 05:00. The interval (a
    // fraction of a second either side: the line is exact) is written outwards to whole minutes.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Failure forecast: 2025-03-01T05:00Z (UTC); 95 % interval 2025-03-01T04:59Z (UTC) to 2025-03-01T05:01Z (UTC); fitted to 12 values (10-minute medians of the service’s 60 s windows, one value per block), r² 1.00.',
    );
    const checks = screen.getByRole('list', { name: 'Forecast checks' });
    expect(within(checks).getByText(/r² 1\.00 \(at least 0\.90\)/)).toBeInTheDocument();
    expect(within(checks).getByText(/daily cycle: not checked, too little data a day earlier/)).toBeInTheDocument();
    expect(screen.getByText(/^Fit span:/)).toHaveTextContent(
      'Fit span: 2025-03-01T01:00:00Z (UTC) to 2025-03-01T03:00:00Z (UTC).',
    );
    // The data after the span (to 04:00) end before the forecast time, still rising: the last
    // block's median is minute 235's 100 / (1 − 235/300) = 462 counts.
    expect(screen.getByText(/^The data end at/)).toHaveTextContent(
      'The data end at 2025-03-01T04:00:00Z (UTC), before the forecast time: RSAM was still rising there (462 counts). RSAM alone cannot say whether an eruption began.',
    );
    await user.click(screen.getByRole('button', { name: 'Clear fit span' }));
    expect(onChange).toHaveBeenLastCalledWith({ fit: null });
  });

  it('inverse rate: a fit over a flat channel gives no time and says why', async () => {
    renderPanel({ analysis: 'inverse', fit: [T0, T0 + 4 * 3600] }, [CLES]);
    await settled();
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^No forecast: /);
    expect(status).not.toHaveTextContent(/\d{4}-\d\d-\d\dT/);
  });

  it('event counts: the read-out names the bin it reads, events beside windows; the table says the same', async () => {
    renderPanel({ analysis: 'counts', threshold: { kind: 'counts', value: 150 }, bin: 'hour' }, [CLCL]);
    await settled();
    // 100 / (1 − i/300) is above 150 from minute 101 on: one event from 01:41, its windows 19 in
    // that hour and 60 in each after.
    // Moved until the read-out shows it: the chart's columns may land after the panel is settled.
    await waitFor(() => {
      moveCursor(T0 + 3600);
      expect(readout()).toHaveTextContent('hour from 2025-03-01 01:00:00 UTC');
    });
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ events per hour 1 events');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ windows above per hour 19 windows');
    moveCursor(T0 + 3 * 3600);
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ events per hour 0 events');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ windows above per hour 60 windows');
    const rows = within(screen.getByRole('table', { name: 'Events per hour' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Hour fromEventsWindows aboveNote',
      '2025-03-01T00:00:00Z (UTC)00',
      '2025-03-01T01:00:00Z (UTC)119',
      '2025-03-01T02:00:00Z (UTC)060',
      '2025-03-01T03:00:00Z (UTC)060',
    ]);
  });

  it('event counts: an event that began the day before is said, and counted in no bin', async () => {
    // 23:30 to 23:59 the day before at 200 counts, and the range's first three minutes too.
    history.day = {
      channels: [channel('AV.CLCL..BHZ', Array(30).fill(200), T0 - 1800)],
      pending: false,
      failed: false,
    };
    const chans = [channel('AV.CLCL..BHZ', [200, 200, 200, ...Array(237).fill(100)])];
    renderPanel({ analysis: 'counts', threshold: { kind: 'counts', value: 150 }, bin: 'day' }, chans);
    await settled();
    expect(screen.getByText(/began in the range/)).toHaveTextContent(
      '0 events began in the range (3 windows above the threshold) over 1 day. 1 more event began before the range and went on into it (from 2025-02-28T23:30:00Z (UTC)): not counted in any day.',
    );
  });
});
