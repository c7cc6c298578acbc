import uPlot from 'uplot';

/**
 * A uPlot as wide as its container (never below `minWidth`) that follows the container's width.
 * `dispose` stops following and destroys the plot.
 */
export function mountSizedPlot(
  el: HTMLElement,
  options: Omit<uPlot.Options, 'width'>,
  data: uPlot.AlignedData,
  minWidth: number,
): { plot: uPlot; dispose: () => void } {
  const plot = new uPlot({ ...options, width: Math.max(minWidth, el.clientWidth) }, data, el);
  const ro = new ResizeObserver(() => {
    const w = Math.max(minWidth, el.clientWidth);
    if (w !== plot.width) plot.setSize({ width: w, height: plot.height });
  });
  ro.observe(el);
  return {
    plot,
    dispose: () => {
      ro.disconnect();
      plot.destroy();
    },
  };
}
