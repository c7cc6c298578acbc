/**
 * Seeded hash PRNG: every generated value is a pure function of (seed, coordinates), so any
 * day or minute can be generated alone and reproduces exactly.
 */

/** 32-bit FNV-1a of a string: turns a channel or site id into a seed. */
export function seedOf(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Integer hash of up to three integers (a murmur3-style finaliser), as an unsigned 32-bit value. */
export function hash3(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h ^ (b | 0), 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h ^ (c | 0) ^ 0x27d4eb2f, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform in [0, 1) from (a, b, c). */
export function rand3(a: number, b: number, c = 0): number {
  return hash3(a, b, c) / 4294967296;
}

/** Sequential generator (mulberry32) for walks such as capture times within one day. */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
