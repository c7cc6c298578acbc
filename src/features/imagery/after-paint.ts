/**
 * Runs `cb` once the next frame has been drawn: in a task after the animation frame, so the frame's
 * layout and paint are done. Returns a cancel.
 */
export function afterNextPaint(cb: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(cb, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
