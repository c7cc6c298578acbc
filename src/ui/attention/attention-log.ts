/**
 * The alert log: every rise of a station's state to elevated, high or silent, when it was seen and
 * when someone acknowledged it. Kept in this browser (localStorage, shared by its tabs) and exported
 * as CSV. A rise is known by its channel, its state and the start of its episode, so a level that
 * stays up is one row however often the page refreshes, and acknowledging it keeps it quiet until
 * the state rises again (a new episode, or elevated becoming high).
 */
import { create } from 'zustand';
import { needsAttention } from '../../analysis/attention/attention';
import { ruleText, statusText, type VolcanoAttention } from '../../analysis/attention/attention-words';

export interface LogEntry {
  key: string;
  vnum: number;
  volcano: string;
  station: string;
  channel: string;
  state: 'elevated' | 'high' | 'silent';
  /** The state's words when it rose. */
  text: string;
  /** The rule it was judged by. */
  rule: string;
  /** Start of the episode, or of the silence (epoch ms). */
  since: number;
  /** When this browser saw it rise (epoch ms). */
  rose: number;
  acked: number | null;
}

const KEY = 'volcano-dashboard.attention-log';
/** A wall runs for months: the oldest rows go. */
const MAX_ENTRIES = 500;

/**
 * A rule's words, one string however many rows carry them: a wall's 500 rows mostly share one rule,
 * and each row's own copy (from JSON.parse, or concatenated by ruleText) held ~100 KB over a day
 * (scripts/bench-wall.mjs, BENCH_WALL_GROWTH=1). Few distinct rules exist, so the map stays small.
 */
const ruleWords = new Map<string, string>();
function sharedRule(words: string): string {
  const kept = ruleWords.get(words);
  if (kept !== undefined) return kept;
  ruleWords.set(words, words);
  return words;
}

function load(): LogEntry[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v)
      ? v
          .filter(
            (e: Partial<LogEntry>) =>
              typeof e?.key === 'string' &&
              typeof e.vnum === 'number' &&
              typeof e.rose === 'number' &&
              typeof e.since === 'number' &&
              (e.acked === null || typeof e.acked === 'number'),
          )
          .map((e: LogEntry) => (typeof e.rule === 'string' ? { ...e, rule: sharedRule(e.rule) } : e))
      : [];
  } catch {
    return [];
  }
}

/** The rises in `all` at this moment, as log rows (not yet in any log). */
export function risesOf(all: readonly VolcanoAttention[], nowMs: number): LogEntry[] {
  return all.flatMap((v) =>
    v.stations.flatMap((s) => {
      const st = s.status;
      if (!needsAttention(st)) return [];
      const state = st.state === 'silent' ? 'silent' : st.state === 'firing' ? st.grade! : null;
      const since = st.state === 'silent' ? st.sinceSec : st.state === 'firing' ? st.since! : null;
      if (!state || since === null) return [];
      return [
        {
          key: `${s.channelId} ${state}@${since}`,
          vnum: v.vnum,
          volcano: v.name,
          station: s.station,
          channel: s.channelId,
          state,
          text: statusText(st, s.rule, nowMs),
          rule: sharedRule(ruleText(s.rule)),
          since: since * 1000,
          rose: nowMs,
          acked: null,
        },
      ];
    }),
  );
}

interface LogState {
  entries: LogEntry[];
  actions: {
    /** Adds the rises not logged yet and returns them (for the sound and the notification). */
    recordRises: (all: readonly VolcanoAttention[], nowMs: number) => LogEntry[];
    acknowledge: (keys: readonly string[], at?: number) => void;
    clear: () => void;
  };
}

export const useAttentionLogStore = create<LogState>((set, get) => ({
  entries: load(),
  actions: {
    recordRises: (all, nowMs) => {
      const known = new Set(get().entries.map((e) => e.key));
      const added = risesOf(all, nowMs).filter((e) => !known.has(e.key));
      if (added.length) set((s) => ({ entries: [...s.entries, ...added].slice(-MAX_ENTRIES) }));
      return added;
    },
    acknowledge: (keys, at = Date.now()) =>
      set((s) => ({
        entries: s.entries.map((e) => (keys.includes(e.key) && e.acked === null ? { ...e, acked: at } : e)),
      })),
    clear: () => set({ entries: [] }),
  },
}));

useAttentionLogStore.subscribe((s) => {
  try {
    localStorage.setItem(KEY, JSON.stringify(s.entries));
  } catch {
    // Private mode or a full storage: the log then lasts as long as the page.
  }
});

// Another tab (the wall and a desk's home page in one browser) logged or acknowledged a rise.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) useAttentionLogStore.setState({ entries: load() });
  });

export const useAttentionLog = () => useAttentionLogStore((s) => s.entries);
export const useAttentionLogActions = () => useAttentionLogStore((s) => s.actions);

const csvCell = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const iso = (ms: number | null) =>
  ms === null ? '' : new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** The log as CSV, times in UTC (ISO 8601, Z), one row per rise, the rule on each row. */
export function logCsv(entries: readonly LogEntry[]): string {
  const head = ['rose_utc', 'since_utc', 'volcano', 'station', 'channel', 'state', 'acknowledged_utc', 'what', 'rule'];
  const rows = entries.map((e) =>
    [iso(e.rose), iso(e.since), e.volcano, e.station, e.channel, e.state, iso(e.acked), e.text, e.rule]
      .map(csvCell)
      .join(','),
  );
  return [head.join(','), ...rows].join('\r\n') + '\r\n';
}
