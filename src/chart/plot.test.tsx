import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRef, type ComponentType } from 'react';
import type { PlotHandle, PlotProps, XRange } from './plot';
import { ChartOptionsBuilder } from './chart-options';
import type { AlignedData } from './series-data';
import { stubBrowserForUPlot } from './uplot-jsdom.fixtures';

let Plot: ComponentType<PlotProps>;
beforeEach(async () => {
  stubBrowserForUPlot();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  // Builds, axes and cuts each wait for a task of their own (build-queue.ts, prime-axes.ts): the
  // test steps through those tasks itself.
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
  });
  Plot = (await import('./plot')).Plot;
});
afterEach(() => vi.useRealTimers());

const config = new ChartOptionsBuilder('UTC')
  .addScale('x', { time: true })
  .addScale('y', { auto: true })
  .addTimeAxis()
  .addAxis({ size: 70 })
  .addSeries({ color: '#000' })
  .getConfig();
const empty = (): AlignedData => [new Float64Array(0), []] as unknown as AlignedData;
/** 20 000 points over a day: more than four per pixel column, so a cut's size follows the plot's width. */
const day = (): AlignedData => {
  const n = 20_000;
  const x = Float64Array.from({ length: n }, (_, i) => 1_700_000_000 + i * 4.32);
  return [x, Array.from({ length: n }, (_, i) => 100 + ((i * 7919) % 1000))] as unknown as AlignedData;
};

function mount(data: AlignedData, xRange: XRange | null = null) {
  const onDrawn = vi.fn();
  const handle = createRef<PlotHandle>();
  const props = (d: AlignedData, r: XRange | null): PlotProps => ({
    config,
    data: d,
    xRange: r,
    minWidth: 800,
    minHeight: 300,
    onDrawn,
    ref: handle,
  });
  const view = render(<Plot {...props(data, xRange)} />);
  return {
    onDrawn,
    handle,
    /** The x range the plot shows. */
    shown: () => handle.current?.shownX(),
    update: (d: AlignedData, r: XRange | null = xRange) => view.rerender(<Plot {...props(d, r)} />),
  };
}

/** Runs the next timer (a build, the axes' task, a cut) and uPlot's microtask commit after it. */
const nextTask = () => act(async () => void (await vi.advanceTimersToNextTimerAsync()));
const allTasks = () => act(async () => void (await vi.runAllTimersAsync()));

describe('Plot', () => {
  it('draws data that came between the build and the axes once, for the plot area the axes leave', async () => {
    const reference = mount(day());
    await allTasks();
    const [[oneCut]] = reference.onDrawn.mock.calls as [[number]];

    const late = mount(empty());
    await nextTask(); // the build; its axes are laid out in the next task
    late.update(day());
    await allTasks();
    // Cut at once, the data was drawn for the width without the axes' room, then again.
    expect(late.onDrawn.mock.calls.filter(([n]) => n > 0)).toEqual([[oneCut]]);
  });

  it('follows a range given before its axes are laid out, in the one cut made after them', async () => {
    const data = day();
    const range: XRange = [data[0][2000]!, data[0][12000]!];
    const late = mount(data);
    await nextTask();
    late.update(data, range);
    await allTasks();
    expect(late.onDrawn).toHaveBeenCalledTimes(1);
    expect(late.shown()).toEqual(range);
    const zoomed = mount(data, range);
    await allTasks();
    expect(late.onDrawn.mock.calls).toEqual(zoomed.onDrawn.mock.calls);
  });

  it('draws new data at once once primed, and lays out the axes first when it had no range before', async () => {
    const reference = mount(day());
    await allTasks();
    const p = mount(empty()); // no data, no xRange: nothing to lay its axes out for
    await allTasks();
    expect(p.onDrawn.mock.calls).toEqual([[0]]);
    p.update(day());
    await allTasks();
    expect(p.onDrawn.mock.calls).toEqual([[0], ...reference.onDrawn.mock.calls]);
  });

  it('draws itself into a canvas for an export, as shown or anew at a chosen size, and leaves the plot as it was', async () => {
    const p = mount(day());
    await expect(p.handle.current!.toCanvas()).rejects.toThrow('The chart is not drawn yet.');
    await allTasks();
    const [draws, shown] = [p.onDrawn.mock.calls.length, p.shown()];
    const asShown = await p.handle.current!.toCanvas();
    expect([asShown.width, asShown.height]).toEqual([800, 300]);
    const drawing = p.handle.current!.toCanvas({ width: 1600, height: 900 });
    await allTasks();
    const sized = await drawing;
    expect([sized.width, sized.height]).toEqual([1600, 900]);
    expect(p.onDrawn).toHaveBeenCalledTimes(draws);
    expect(p.shown()).toEqual(shown);
  });
});
