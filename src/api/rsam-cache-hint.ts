/**
 * Which channels this browser may have kept RSAM for, in localStorage, so a first visit does not
 * wait on the browser's cache to hear "nothing here". That answer comes from the parse worker once
 * it has opened IndexedDB, 45–260 ms into a cold load here, and every chunk's request waited for it.
 *
 * A hint, never a fact: a channel is noted before its chunks go to the worker to be kept, so a
 * channel missing here has nothing kept; one listed may have nothing (not worth keeping, evicted,
 * dropped by a new cache version), which costs one lookup, as before. Hints that cannot be read
 * or written say every channel "may" be kept, so the cache is never skipped for a wrong reason.
 */
const HINT_KEY = 'rsam-cache-channels';
/** Channels remembered; the first noted go first (they are then only looked up again). */
export const HINT_MAX = 1_000;

/** The channels noted; null when the hints cannot be read (then every channel may be kept). */
function noted(): unknown[] | null {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(HINT_KEY) ?? '[]');
    return Array.isArray(list) ? list : null;
  } catch {
    return null;
  }
}

/** Per channel, whether it was noted when this page first asked; and chunks sent to be kept since. */
const notedAtFirstAsk = new Map<string, boolean>();
const sentToKeep = new Set<string>();

/**
 * Whether the cache may hold the chunk `key` of `channel` (a service address and channel id).
 * Judged by the hints as they stood when this page first asked for the channel: its own notes would
 * otherwise send every chunk after the first of a first visit to the cache for nothing. A chunk this
 * page sent to be kept may be there.
 */
export function mayHoldChunk(channel: string, key: string): boolean {
  if (!notedAtFirstAsk.has(channel)) notedAtFirstAsk.set(channel, noted()?.includes(channel) ?? true);
  return notedAtFirstAsk.get(channel)! || sentToKeep.has(key);
}

/** Notes, before it goes to be kept, that the chunk `key` of `channel` may be in the cache. */
export function noteChunkKept(channel: string, key: string): void {
  sentToKeep.add(key);
  const list = noted();
  if (!list || list.includes(channel)) return;
  try {
    localStorage.setItem(HINT_KEY, JSON.stringify([...list, channel].slice(-HINT_MAX)));
  } catch {
    try {
      // Not noted: unreadable hints, so that the cache is always looked up.
      localStorage.setItem(HINT_KEY, '?');
    } catch {
      // Nothing can be written: the chunk is kept, and may be fetched again as without a cache.
    }
  }
}
