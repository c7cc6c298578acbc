// @vitest-environment node
// The benchmark's reading of a Chromium trace: whose main thread, which tasks, what CPU time.
import { describe, expect, it } from 'vitest';
import { mainThread, taskCpu } from './trace-lib.mjs';

const meta = (pid: number, name: string) => ({ ph: 'M', name: 'thread_name', pid, tid: pid, args: { name } });
/** A task of `dur` ms (`cpu` of them on a CPU) starting `at` ms on the main thread of `pid`. */
const task = (pid: number, at: number, dur: number, cpu: number) => ({
  ph: 'X',
  name: 'RunTask',
  pid,
  tid: pid,
  ts: at * 1000,
  dur: dur * 1000,
  tdur: cpu * 1000,
});
const nav = (pid: number, at: number, url: string) => ({
  ph: 'R',
  name: 'navigationStart',
  cat: 'blink.user_timing',
  pid,
  tid: pid,
  ts: at * 1000,
  args: { data: { documentLoaderURL: url } },
});
const done = (pid: number, at: number) => ({
  ph: 'I',
  name: 'bench:done',
  cat: 'blink.user_timing',
  pid,
  tid: pid,
  ts: at * 1000,
});

// Renderer 2 is the page; renderer 3, Chromium's own WebUI, is busier.
const PAGE = [
  meta(2, 'CrRendererMain'),
  meta(3, 'CrRendererMain'),
  task(2, 5, 10, 10), // about:blank, before the navigation
  nav(2, 20, 'http://127.0.0.1:4390/seismic?channels=AV.CLCL..BHZ'),
  task(2, 30, 80, 20), // long on the wall, short on a CPU: the thread waited for a core
  task(2, 200, 40, 38),
  done(2, 300),
  task(2, 310, 90, 90), // after the chart was on screen
  ...Array.from({ length: 10 }, (_, i) => task(3, 20 + i * 10, 9, 9)),
];

describe('mainThread', () => {
  it('takes the thread that marked the end of the load, not the busiest renderer', () => {
    expect(mainThread(PAGE).id).toBe('2:2');
  });

  it('takes the busiest renderer when the trace has no mark', () => {
    expect(mainThread(PAGE.filter((e) => e.name !== 'bench:done')).id).toBe('3:3');
  });
});

describe('taskCpu', () => {
  it('counts the page tasks from its navigation to the mark, wall and CPU apart', () => {
    expect(taskCpu(PAGE)).toEqual({
      tasks: 2,
      busy: 120,
      cpu: 58,
      longest: { wall: 80, cpu: 20 },
      mostCpu: 38,
      mostCpuWall: 40,
    });
  });

  it('counts from a start mark to the end of the trace (a zoom after the load)', () => {
    const zoom = [...PAGE, { ...done(2, 305), name: 'bench:zoom' }];
    // The 90 ms task after the load is the only one after the zoom's mark.
    expect(taskCpu(zoom, null, 'bench:zoom')).toMatchObject({ tasks: 1, busy: 90, cpu: 90, mostCpu: 90, mostCpuWall: 90 });
  });

  it('counts every task of the thread when there is neither navigation nor mark', () => {
    const bare = PAGE.filter((e) => e.name !== 'bench:done' && e.name !== 'navigationStart' && e.pid === 2);
    expect(taskCpu(bare)).toMatchObject({ tasks: 4, busy: 220, cpu: 158, mostCpu: 90 });
  });
});
