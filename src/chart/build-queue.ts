/**
 * Plots are built one per task, each in a task after the render that mounted it. Building a uPlot
 * reads its container's size (a layout of the page just committed) and lays out and draws the
 * chart (15–25 ms here for a year); done in React's commit, with three channels' charts at once,
 * it made one task of 50–85 ms, over the 50 ms budget (measured; docs/benchmarks.md).
 */

interface Job {
  build: () => void;
  cancelled: boolean;
}

const queue: Job[] = [];

function drain() {
  let job = queue.shift();
  while (job?.cancelled) job = queue.shift();
  job?.build();
  if (queue.length) setTimeout(drain, 0);
}

/** Runs `build` in a later task, one build per task in the order asked; returns a cancel. */
export function scheduleBuild(build: () => void): () => void {
  const job: Job = { build, cancelled: false };
  queue.push(job);
  if (queue.length === 1) setTimeout(drain, 0);
  return () => {
    job.cancelled = true;
  };
}
