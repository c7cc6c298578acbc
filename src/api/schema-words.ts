/** A schema issue in plain words, and its path as a reader writes it (http.ts, big-body.ts). */
import type * as z from 'zod/mini';

/**
 * Plain words for a schema issue. zod/mini ships no message locale (that keeps it small), so the
 * common codes are worded here; custom checks carry their own message.
 */
export function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'undefined' ? 'must be absent' : `must be ${article(issue.expected)}`;
    case 'too_small':
      return bound(issue.origin, 'least', issue.minimum);
    case 'too_big':
      return bound(issue.origin, 'most', issue.maximum);
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `must be a valid ${issue.format}`;
    case 'unrecognized_keys':
      return `has unknown keys ${issue.keys.join(', ')}`;
    default:
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid';
  }
}

const bound = (origin: string, word: 'least' | 'most', n: unknown) =>
  origin === 'array' || origin === 'string'
    ? `must have at ${word} ${String(n)} ${origin === 'array' ? 'items' : 'characters'}`
    : `must be at ${word} ${String(n)}`;
const article = (t: string) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`);

/** Formats a zod issue path as `series[0].points[12].time`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(body)';
}
