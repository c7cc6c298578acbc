import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeSeriesChartProps } from '../../chart/time-series-chart';
import { parseChannelId } from '../../domain/channel-id';
import { AnalysisPanel } from './analysis-panel';
import { accelerating, channel, T0 } from './analysis-test-data';
import { DEFAULT_STATE, type SeismicViewState } from './seismic-params';

// The chart itself needs a canvas: a stand-in keeps its props, so a test can move its cursor.
const chart = vi.hoisted(() => ({ props: null as TimeSeriesChartProps | null }));
vi.mock('../../chart/time-series-chart', () => ({
  TimeSeriesChart: (p: TimeSeriesChartProps) => {
    chart.props = p;
    return <div role="group" aria-label={p.label} tabIndex={0} />;
  },
}));

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
const moveCursor = (x: number | null) => act(() => chart.props!.onCursor!(x));

beforeEach(() => {
  chart.props = null;
});

describe('AnalysisPanel', () => {
  it('ratio: a legend of the series, and the value under the cursor with its time and zone', () => {
    renderPanel({ analysis: 'ratio' });
    expect(readout()).toHaveTextContent('Move the pointer over the chart to read values');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ ÷ AV.CLES..BHZ');
    // Minute 150: 100 / (1 − 0.5) = 200 counts over 60.
    moveCursor(T0 + 150 * 60);
    expect(readout()).toHaveTextContent('2025-03-01 02:30:00 UTC');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ ÷ AV.CLES..BHZ 3.33 ratio');
    moveCursor(null);
    expect(readout()).toHaveTextContent('Move the pointer over the chart');
  });

  it('inverse rate: the read-out is of the smoothed 1/RSAM the chart draws, in the chart’s zone', () => {
    renderPanel({ analysis: 'inverse' });
    const [xs, ys] = chart.props!.data as [ArrayLike<number>, (number | null)[]];
    const i = 40;
    moveCursor(xs[i]!);
    expect(readout()).toHaveTextContent(/^2025-03-01 \d\d:\d\d:\d\d UTC/);
    expect(readout()).toHaveTextContent(`1/RSAM AV.CLCL..BHZ ${ys[i]!.toPrecision(3)} 1/counts`);
  });

  it('inverse rate: says beside the chart which smoothing it used and that the second channel is left out', () => {
    renderPanel({ analysis: 'inverse', smooth: null });
    const scope = screen.getByText(/^Channel:/).closest('p')!;
    expect(scope).toHaveTextContent(
      'Channel: AV.CLCL..BHZ only; not included: AV.CLES..BHZ (the inverse rate is of the first channel only).',
    );
    expect(scope).toHaveTextContent(
      'Smoothing: 1 hour rolling median (applied although Smoothing is set to None: raw 1/RSAM is too noisy to fit).',
    );
  });

  it('inverse rate: the keyboard sets the fit span to the visible range and clears it', async () => {
    const user = userEvent.setup();
    const view: readonly [number, number] = [T0 + 3600, T0 + 3 * 3600];
    const { onChange, rerender } = renderPanel({ analysis: 'inverse', view });
    const fit = screen.getByRole('button', { name: 'Fit the visible range' });
    for (let i = 0; i < 10 && document.activeElement !== fit; i++) await user.tab();
    expect(fit).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ fit: view });

    rerender({ analysis: 'inverse', view, fit: view });
    expect(screen.getByRole('status')).toHaveTextContent(/^Failure forecast: 2025-03-01T0\d:\d\d:\d\dZ \(UTC\)/);
    expect(screen.getByText(/^Fit span:/)).toHaveTextContent(
      'Fit span: 2025-03-01T01:00:00Z (UTC) to 2025-03-01T03:00:00Z (UTC).',
    );
    await user.click(screen.getByRole('button', { name: 'Clear fit span' }));
    expect(onChange).toHaveBeenLastCalledWith({ fit: null });
  });

  it('event counts: the read-out names the bin it reads', () => {
    renderPanel({ analysis: 'counts', threshold: { kind: 'counts', value: 150 }, bin: 'hour' }, [CLCL]);
    moveCursor(T0 + 3 * 3600);
    // 100 / (1 − i/300) is above 150 from minute 101 on: 19 + 60 windows before 03:00, 60 in that hour.
    expect(readout()).toHaveTextContent('hour from 2025-03-01 03:00:00 UTC');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ windows per hour 60 windows');
    expect(readout()).toHaveTextContent('AV.CLCL..BHZ cumulative 139 cumulative windows');
  });
});
