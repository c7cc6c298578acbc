export interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  cat?: string;
  args?: Record<string, unknown>;
}
export const TRACE_SETTLE_MS: number;
export function traceEvents(fileOrJson: string | unknown): TraceEvent[];
export function mainThread(
  events: TraceEvent[],
  markName?: string,
): { id: string | undefined; onMain: TraceEvent[]; tasks: TraceEvent[]; origin: number; mark: TraceEvent | null };
export function taskCpu(
  events: TraceEvent[],
  endMark?: string | null,
  startMark?: string | null,
): {
  tasks: number;
  busy: number;
  cpu: number;
  longest: { wall: number; cpu: number };
  mostCpu: number;
  mostCpuWall: number;
};
export function hostCpuShare(browser: unknown, traceFile: string): Promise<number[]>;
