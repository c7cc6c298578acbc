#!/usr/bin/env node
// The long tasks of a Chromium trace (BENCH_TRACE=<file> node scripts/bench-seismic.mjs) and what
// filled them: the renderer main thread's tasks over a threshold, each with its heaviest script
// calls, garbage collections, layouts and paints, so a long task can be traced to its code; and its
// CPU time, since on a busy host a task can last far longer than the thread ran.
// Usage: node scripts/trace-tasks.mjs <trace.json> [min task ms, default 50]
import { mainThread, traceEvents } from './trace-lib.mjs';

const [file, minArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/trace-tasks.mjs <trace.json> [min ms]');
  process.exit(2);
}
const MIN_US = Number(minArg ?? 50) * 1000;
const { onMain, origin: navStart } = mainThread(traceEvents(file));

const INTEREST =
  /^(FunctionCall|EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule|MajorGC|MinorGC|V8\.GC|Layout|UpdateLayoutTree|Paint|PrePaint|Layerize|TimerFire|FireAnimationFrame|EventDispatch|ParseHTML|RunMicrotasks|v8\.run|HandlePostMessage|XHRReadyStateChange|ResourceReceivedData|Commit)/;
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur >= MIN_US).sort((a, b) => a.ts - b.ts);
console.log(`${tasks.length} main-thread tasks of ${MIN_US / 1000} ms or more`);
for (const t of tasks) {
  const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && INTEREST.test(e.name));
  // tdur is the thread's own CPU time: far below the wall time, the thread was waiting for a core.
  const cpu = t.tdur === undefined ? '' : `, of which ${(t.tdur / 1000).toFixed(1)} ms on a CPU`;
  console.log(`\ntask at ${((t.ts - navStart) / 1000).toFixed(0)} ms, ${(t.dur / 1000).toFixed(1)} ms${cpu}`);
  const rows = inside
    .filter((e) => e.dur >= 2000)
    .sort((a, b) => a.ts - b.ts)
    .slice(0, 25);
  for (const e of rows) {
    const d = e.args?.data ?? {};
    const where =
      d.functionName || d.url
        ? ` ${d.functionName ?? ''} ${String(d.url ?? '').replace(/^.*\//, '')}:${d.lineNumber ?? ''}:${d.columnNumber ?? ''}`
        : '';
    const depth = inside.filter((o) => o !== e && o.ts <= e.ts && o.ts + o.dur >= e.ts + e.dur).length;
    console.log(
      `  ${'  '.repeat(Math.min(depth, 6))}${e.name} ${(e.dur / 1000).toFixed(1)} ms @${((e.ts - t.ts) / 1000).toFixed(0)}${where}`,
    );
  }
}
