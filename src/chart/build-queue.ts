/**
 * Plots that mount together are built one per task. Building a uPlot lays out its axes and draws
 * it (15–25 ms here for a year's chart); the seismic view's three channels built in one effect
 * flush made one task of 50–85 ms, over the 50 ms budget (README "Measured").
 */

interface Job {
  build: () => void;
  cancelled: boolean;
}

const queue: Job[] = [];
/** A build ran in the current task: the next one waits for a task of its own. */
let builtThisTask = false;

function runBuild(build: () => void) {
  if (!builtThisTask) {
    builtThisTask = true;
    setTimeout(() => (builtThisTask = false), 0);
  }
  build();
}

function drain() {
  let job = queue.shift();
  while (job?.cancelled) job = queue.shift();
  if (job) runBuild(job.build);
  if (queue.length) setTimeout(drain, 0);
}

/**
 * Runs `build` now when no plot was built in this task, else in a later task, one build per task
 * in the order asked. Returns a cancel, for an unmount before the build ran.
 */
export function scheduleBuild(build: () => void): () => void {
  const job: Job = { build, cancelled: false };
  if (!builtThisTask && queue.length === 0) {
    runBuild(build);
  } else {
    queue.push(job);
    if (queue.length === 1) setTimeout(drain, 0);
  }
  return () => {
    job.cancelled = true;
  };
}
