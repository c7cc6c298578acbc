/**
 * Which channels this browser may have kept RSAM for, in localStorage, so a first visit does not
 * wait on the browser's cache to hear "nothing here". That answer comes from the parse worker once
 * it has opened IndexedDB, 45–260 ms into a cold load here, and every chunk's request waited for it.
 *
 * One key per channel (a service address and channel id), written before any of its chunks goes to
 * be kept; a chunk whose note cannot be written is not kept. So a channel with no key has nothing
 * kept (chunks of releases before these notes were dropped with RSAM_CACHE_VERSION 2), and one with
 * a key may have nothing (not worth keeping, evicted, cleared), which costs one lookup, as before.
 * Where localStorage cannot be read, every channel "may" be kept.
 */
const PREFIX = 'rsam-cache-kept:';

/** Per channel, whether it was noted when this page first asked; and chunks sent to be kept since. */
const notedAtFirstAsk = new Map<string, boolean>();
const sentToKeep = new Set<string>();

function noted(channel: string): boolean {
  try {
    return localStorage.getItem(PREFIX + channel) !== null;
  } catch {
    return true;
  }
}

/**
 * Whether the cache may hold the chunk `key` of `channel`. Judged by the notes as they stood when
 * this page first asked for the channel: its own notes would otherwise send every chunk after the
 * first of a first visit to the cache for nothing. A chunk this page sent to be kept may be there.
 */
export function mayHoldChunk(channel: string, key: string): boolean {
  if (!notedAtFirstAsk.has(channel)) notedAtFirstAsk.set(channel, noted(channel));
  return notedAtFirstAsk.get(channel)! || sentToKeep.has(key);
}

/**
 * Notes that the chunk `key` of `channel` may be kept from now on; false when the note could not
 * be written (storage full or denied): the chunk must then not be kept, since no page would look.
 */
export function noteChunkKept(channel: string, key: string): boolean {
  try {
    localStorage.setItem(PREFIX + channel, '1');
  } catch {
    return false;
  }
  sentToKeep.add(key);
  return true;
}
