/**
 * A schema issue as plain data, and its path as a reader writes it (validate.ts, decode-failure.ts).
 * The parse worker imports this, so no words of a language live here: issue-words.ts says an issue
 * on the page's thread, in the language shown.
 */
import type * as v from 'valibot';

/**
 * What a worker sends back of a valibot issue: the issue's `input` may be a whole body, never worth
 * cloning across threads, so only what `describeIssue` and `formatPath` read is kept.
 */
export interface IssueData {
  type: string;
  expected: string | null;
  requirement?: number;
  /** `string` or `array` for a length check's wording. */
  inputKind: string;
  /** A required key the object does not have. */
  missing: boolean;
  message: string;
  path: PropertyKey[];
}

/** The cloneable part of a valibot issue. */
export function issueData(issue: v.BaseIssue<unknown>): IssueData {
  const { type, expected, message } = issue;
  const requirement = (issue as { requirement?: unknown }).requirement;
  return {
    type,
    expected,
    inputKind: Array.isArray(issue.input) ? 'array' : typeof issue.input,
    missing: issue.path?.at(-1)?.origin === 'key',
    message,
    path: (issue.path ?? []).map((p) => p.key as PropertyKey),
    ...(typeof requirement === 'number' ? { requirement } : {}),
  };
}

/** Formats an issue path as `series[0].points[12].time`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(body)';
}
