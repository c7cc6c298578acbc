// Reading a Chromium trace (browser.startTracing) for the benchmarks: the page's main thread and its
// tasks, each with its wall time and its CPU time. On a busy host the two differ: a task lasts as
// long as the thread waited for a core, and the CPU time is the part the page's own work took.
import { readFileSync } from 'node:fs';

/**
 * How long to wait after starting a trace before what it is to measure: the tracing's own start took
 * the CPU from a page here (60 ms busy loops ran 29–63 % of their time in the first second, 100 %
 * after it).
 */
export const TRACE_SETTLE_MS = 1000;

/** The trace's events, from a trace file or its parsed JSON. */
export function traceEvents(fileOrJson) {
  const raw = typeof fileOrJson === 'string' ? JSON.parse(readFileSync(fileOrJson, 'utf8')) : fileOrJson;
  return Array.isArray(raw) ? raw : raw.traceEvents;
}

/** The first `performance.mark(name)` of the trace (category blink.user_timing), or null. */
function findMark(events, name) {
  return events.find((e) => e.name === name && String(e.cat).includes('blink.user_timing')) ?? null;
}

/**
 * The page's main thread: the one that made the mark `markName` (the bench's end of a load), else
 * the renderer thread named CrRendererMain with the most events. Chromium's own WebUI pages run in
 * renderers too, so the busiest is not always the page's. Returns its `pid:tid`, its complete
 * events, its tasks (RunTask, by start), the first event's time as the origin, and the mark.
 */
export function mainThread(events, markName = 'bench:done') {
  const mark = findMark(events, markName);
  let id = mark ? `${mark.pid}:${mark.tid}` : undefined;
  if (!id) {
    const names = new Map();
    for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
    const counts = new Map();
    for (const e of events) {
      const k = `${e.pid}:${e.tid}`;
      if (names.get(k) === 'CrRendererMain') counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    id = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  }
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === id && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask').sort((a, b) => a.ts - b.ts);
  // A reduce, not Math.min(...): a long trace has more events than a call's arguments may be.
  const origin = onMain.reduce((m, e) => Math.min(m, e.ts), Infinity);
  return { id, onMain, tasks, origin, mark };
}

/**
 * The page's main-thread tasks in ms, from its navigation to an http(s) address (or from the mark
 * `startMark`) until the mark `endMark` (or the end of the trace): how long the thread was in tasks
 * and how much of that it ran on a CPU, the longest task with its CPU time, and the most CPU time one
 * task took with that task's wall time.
 */
export function taskCpu(events, endMark = 'bench:done', startMark = null) {
  const { id, tasks, mark } = mainThread(events, endMark ?? startMark);
  const end = endMark ? mark : null;
  const start = startMark ? findMark(events, startMark) : null;
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      `${e.pid}:${e.tid}` === id &&
      /^https?:/.test(String(e.args?.data?.documentLoaderURL ?? '')),
  );
  const from = start ?? nav;
  const during = tasks.filter((t) => (!from || t.ts + t.dur > from.ts) && (!end || t.ts < end.ts));
  const ms = (us) => us / 1000;
  let busy = 0;
  let cpu = 0;
  let longest = null;
  let most = null;
  for (const t of during) {
    busy += t.dur;
    cpu += t.tdur ?? 0;
    if (!longest || t.dur > longest.dur) longest = t;
    if (!most || (t.tdur ?? 0) > (most.tdur ?? 0)) most = t;
  }
  return {
    tasks: during.length,
    busy: ms(busy),
    cpu: ms(cpu),
    longest: longest ? { wall: ms(longest.dur), cpu: ms(longest.tdur ?? 0) } : { wall: 0, cpu: 0 },
    mostCpu: ms(most?.tdur ?? 0),
    mostCpuWall: ms(most?.dur ?? 0),
  };
}

/**
 * How much of a core the host gives a page's main thread: eight 60 ms busy loops, traced; each
 * loop's CPU time over its wall time. A quiet host gives about 1 to every loop.
 */
export async function hostCpuShare(browser, traceFile) {
  const page = await browser.newPage();
  await page.goto('about:blank');
  await browser.startTracing(page, { path: traceFile, categories: ['disabled-by-default-devtools.timeline'] });
  await page.waitForTimeout(TRACE_SETTLE_MS);
  await page.evaluate(async () => {
    for (let i = 0; i < 8; i++)
      await new Promise((done) =>
        setTimeout(() => {
          const t = performance.now();
          let x = 0;
          while (performance.now() - t < 60) x += Math.sqrt(x + 1);
          done(x);
        }, 30),
      );
  });
  await browser.stopTracing();
  await page.close();
  const { tasks } = mainThread(traceEvents(traceFile));
  return tasks
    .filter((t) => t.dur >= 55_000 && t.tdur !== undefined)
    .map((t) => t.tdur / t.dur)
    .sort((a, b) => a - b);
}
