import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RefObject } from 'react';
import type uPlot from 'uplot';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlotHandle, PlotProps } from '../../chart/plot';
import type { AlignedData } from '../../chart/series-data';
import { RsamChart } from './rsam-chart';

/**
 * uPlot needs a canvas: the stand-in renders the container with its props and hands out a handle
 * over a plot that has what the keyboard cursor uses, a linear x scale over 100 CSS px, and fires
 * the chart's own setCursor hooks (from its config, as a plot's options carry them) as uPlot does.
 */
const plot = vi.hoisted(() => ({ u: null as unknown }));
vi.mock('../../chart/plot', () => ({
  loadKeyboardCursor: () => import('../../chart/keyboard-cursor'),
  Plot: (p: PlotProps) => {
    const { ref, config, data: _d, xRange, height: _h, minWidth: _m, ...div } = p;
    const [min, max] = xRange ?? [0, 1];
    const hooks = config.forPlot({ width: 100, height: 100 }, {} as never).hooks;
    const u = (plot.u ??= {
      scales: { x: { min, max } },
      cursor: { left: -10 },
      series: [{}, { scale: 'y' }, { scale: 'y' }],
      posToVal: (px: number) => min + (px / 100) * (max - min),
      valToPos: (v: number, scale: string) => (scale === 'x' ? ((v - min) / (max - min)) * 100 : 50),
      setCursor(o: { left: number }) {
        u.cursor.left = o.left;
        for (const h of hooks?.setCursor ?? []) h?.(u as unknown as uPlot);
      },
    }) as { cursor: { left: number } };
    (ref as RefObject<PlotHandle | null>).current = {
      setX: () => {},
      shownX: () => [min, max],
      redraw: () => {},
      cursorShown: () => u.cursor.left >= 0,
      cursorKey: async (key, c) =>
        (await import('../../chart/keyboard-cursor')).cursorKey(u as unknown as uPlot, key, c),
      toCanvas: () => Promise.reject(new Error('no canvas here')),
    };
    return <div {...div} />;
  },
}));

const T0 = Date.UTC(2025, 2, 3, 4) / 1000;
// Two channels every 10 minutes for an hour; the second has a gap at 04:20.
const data = [
  Float64Array.from({ length: 7 }, (_, i) => T0 + i * 600),
  [100, 110, 120, 130, 140, 150, 160],
  [5, 6, null, 8, 9, 10, 11.5],
] as unknown as AlignedData;

function renderChart(zone = 'UTC') {
  const onCursor = vi.fn();
  render(
    <RsamChart
      data={data}
      labels={['OV.VPCC..HHZ', 'OV.VPNC..HHZ']}
      zone={zone}
      range={[T0, T0 + 3600]}
      bands={[]}
      marker={null}
      onCursor={onCursor}
      onZoom={() => {}}
      onPlotBox={() => {}}
      label="RSAM of OV.VPCC..HHZ and OV.VPNC..HHZ"
      describedBy="legend"
    />,
  );
  // The card's legend, which says the keys.
  const legend = Object.assign(document.createElement('p'), { id: 'legend', textContent: 'Shift+← → step a cursor' });
  document.body.append(legend);
  return { onCursor, chart: screen.getByRole('group', { name: 'RSAM of OV.VPCC..HHZ and OV.VPNC..HHZ' }) };
}

beforeEach(() => {
  plot.u = null;
  document.getElementById('legend')?.remove();
});

describe('RsamChart keyboard cursor', () => {
  it('Shift+arrows step the cursor over the rows, say the time and each channel’s value, and report the time', async () => {
    const user = userEvent.setup();
    const { chart, onCursor } = renderChart();
    expect(chart).toHaveAccessibleDescription('Shift+← → step a cursor');
    chart.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(
      await screen.findByText('2025-03-03 04:00 UTC: OV.VPCC..HHZ 100 counts, OV.VPNC..HHZ 5 counts'),
    ).toHaveAttribute('aria-live', 'polite');
    expect(onCursor).toHaveBeenLastCalledWith(T0);
    // The next presses come quickly: only where they stop is said, once they pause.
    await user.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(
      await screen.findByText('2025-03-03 04:20 UTC: OV.VPCC..HHZ 120 counts, OV.VPNC..HHZ no data'),
    ).toBeInTheDocument();
    expect(onCursor).toHaveBeenLastCalledWith(T0 + 1200);
    await user.keyboard('{Shift>}{End}{/Shift}');
    expect(
      await screen.findByText('2025-03-03 05:00 UTC: OV.VPCC..HHZ 160 counts, OV.VPNC..HHZ 11.5 counts'),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onCursor).toHaveBeenLastCalledWith(null);
  });

  it('says a site-local time with its zone', async () => {
    const user = userEvent.setup();
    const { chart } = renderChart('America/Costa_Rica');
    chart.focus();
    await user.keyboard('{Shift>}{Home}{/Shift}');
    // 04:00 UTC is 22:00 the day before in Costa Rica (UTC-6, no daylight saving).
    expect(await screen.findByText(/^2025-03-02 22:00 (CST|GMT-6): OV.VPCC..HHZ 100 counts/)).toBeInTheDocument();
  });

  it('leaves other keys, and Escape without a cursor, to the page', async () => {
    const user = userEvent.setup();
    const { chart, onCursor } = renderChart();
    chart.focus();
    const seen = vi.fn();
    document.addEventListener('keydown', (e) => seen(e.key, e.defaultPrevented));
    await user.keyboard('{ArrowRight}{Escape}');
    expect(seen.mock.calls).toEqual([
      ['ArrowRight', false],
      ['Escape', false],
    ]);
    expect(onCursor).not.toHaveBeenCalled();
  });
});
