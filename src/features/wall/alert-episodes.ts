/**
 * Which alert episode an alert belongs to, so an acknowledgement lasts as long as the level stays
 * above its threshold. The wall loads whole UTC days, so the run it can see begins at the first
 * loaded window whenever the crossing is older than that, and that window moves at every UTC
 * midnight: a key built from it would bring an acknowledged alert back, and notify again, each day.
 */
import type { AlertState } from '../../analysis/alerts';

/**
 * An episode ends only once the level has stayed at or below its threshold this long (ten of the
 * service's one-minute RSAM windows). A single window at or below is noise around the threshold,
 * and a median rule's median (trailing, of the loaded windows before each one) moves when the
 * loaded days slide, so a run's start shifts by a window or two: ending on either dropped the
 * operator's acknowledgement and alerted (and notified) again on the next window above.
 */
export const EPISODE_END_BELOW_SEC = 10 * 60;

export interface TrackedEpisode {
  /** Identity: the first window of the run when this episode was first seen (unix s). Never moves. */
  id: number;
  /** Earliest window known to be above the threshold in this episode (unix s). */
  start: number;
  /** True when the crossing may be older than `start`: the run reached the start of the loaded data. */
  startOpen: boolean;
  /** Latest window seen above the threshold (unix s). */
  lastAbove: number;
}

export type Episodes = Readonly<Record<string, TrackedEpisode>>;

type Alerting = Extract<AlertState, { kind: 'alert' }>;

/**
 * The episode of an alerting run. The run is the tracked episode's continuation when it begins no
 * more than EPISODE_END_BELOW_SEC after the last window the episode was seen above: a shorter dip
 * (or gap) does not end it. A longer one (a real dip, an outage, a wall switched off across a dip)
 * starts a new episode. `dataStart` is the first loaded window: a run starting there may have
 * started earlier.
 */
export function continueEpisode(prev: TrackedEpisode | undefined, state: Alerting, dataStart: number): TrackedEpisode {
  const startOpen = state.since <= dataStart;
  if (!prev || state.since - prev.lastAbove > EPISODE_END_BELOW_SEC)
    return { id: state.since, start: state.since, startOpen, lastAbove: state.at };
  // More history loaded (a longer range) may show the run began earlier than first seen.
  // Seen from as early or earlier: what is loaded now says whether the start is still a lower bound.
  const earlier = state.since <= prev.start;
  return {
    id: prev.id,
    start: earlier ? state.since : prev.start,
    startOpen: earlier ? startOpen : prev.startOpen,
    lastAbove: Math.max(prev.lastAbove, state.at),
  };
}

const same = (a: TrackedEpisode | undefined, b: TrackedEpisode | undefined) =>
  a === b ||
  (!!a && !!b && a.id === b.id && a.start === b.start && a.startOpen === b.startOpen && a.lastAbove === b.lastAbove);

/** Whether a rule's episode is still open at an evaluation: above, or below for less than the hold. */
export function isOpen(e: TrackedEpisode, state: AlertState): boolean {
  return state.kind === 'alert' || (state.kind === 'quiet' && state.at - e.lastAbove < EPISODE_END_BELOW_SEC);
}

/**
 * The episodes after one evaluation of every rule, keyed by rule: `prev` itself when nothing
 * changed, so it can be kept as state and adjusted while rendering. A quiet rule's episode ends
 * once the level has been at or below for EPISODE_END_BELOW_SEC; an unknown one (stale, no data)
 * keeps it, and the next alert decides whether the run went on.
 */
export function nextEpisodes(
  prev: Episodes,
  evaluated: readonly { ruleKey: string; state: AlertState; dataStart: number }[],
): Episodes {
  const next: Record<string, TrackedEpisode> = {};
  for (const { ruleKey, state, dataStart } of evaluated) {
    const p = prev[ruleKey];
    if (state.kind === 'alert') next[ruleKey] = continueEpisode(p, state, dataStart);
    else if (p && (state.kind === 'unknown' || isOpen(p, state))) next[ruleKey] = p;
  }
  const keys = Object.keys(next);
  const unchanged = keys.length === Object.keys(prev).length && keys.every((k) => same(prev[k], next[k]));
  return unchanged ? prev : next;
}

const STORAGE_KEY = 'volcano-dashboard.wall-alert-episodes';

/**
 * Kept beside the acknowledgements (sessionStorage), so a reload after midnight finds the episode.
 * Anything else stored there (an older build's format, a hand-edited value) is dropped, entry by entry.
 */
export function loadEpisodes(): Episodes {
  try {
    const v: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    const out: Record<string, TrackedEpisode> = {};
    for (const [k, e] of Object.entries(v as Record<string, Partial<TrackedEpisode>>)) {
      if (
        typeof e?.id === 'number' &&
        typeof e.start === 'number' &&
        typeof e.startOpen === 'boolean' &&
        typeof e.lastAbove === 'number'
      )
        out[k] = { id: e.id, start: e.start, startOpen: e.startOpen, lastAbove: e.lastAbove };
    }
    return out;
  } catch {
    return {};
  }
}

export function saveEpisodes(e: Episodes): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(e));
  } catch {
    // Private mode or a full storage: episodes then last as long as the page.
  }
}
