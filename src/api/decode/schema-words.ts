/** A schema issue in plain words, and its path as a reader writes it (validate.ts, decode-failure.ts). */
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

/** A message given with the check (`v.regex(re, 'must be …')`), not valibot's own "Invalid …" text. */
const ownMessage = (issue: IssueData) => (issue.message.startsWith('Invalid ') ? null : issue.message);

const TYPE_WORDS: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  record: 'an object',
  safe_integer: 'an integer',
};

/**
 * Plain words for a schema issue. Valibot's default messages read "Invalid type: Expected … but
 * received …", so the common kinds are worded here; checks written with a message keep it.
 */
export function describeIssue(issue: IssueData): string {
  if (issue.missing) return 'is missing';
  const own = ownMessage(issue);
  if (own) return own;
  switch (issue.type) {
    case 'picklist':
      // valibot's `expected` reads `("infrared" | "visible")`.
      return `must be one of ${(issue.expected ?? '')
        .replace(/^\(|\)$/g, '')
        .split(' | ')
        .join(', ')}`;
    case 'min_length':
      return `must have at least ${String(issue.requirement)} ${issue.inputKind === 'array' ? 'item' : 'character'}${issue.requirement === 1 ? '' : 's'}`;
    case 'gt_value':
      return `must be greater than ${String(issue.requirement)}`;
  }
  const t = TYPE_WORDS[issue.type];
  return t ? `must be ${t}` : 'is invalid';
}

/** Formats an issue path as `series[0].points[12].time`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || '(body)';
}
