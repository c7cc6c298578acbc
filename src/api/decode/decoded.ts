/**
 * What decoding a big body gives back, as plain data that crosses threads (the parse worker
 * replies with it, and the same decoding in this thread returns it): the value, or the first
 * thing wrong with the body. decode-failure.ts words a failure as the ApiError a small body gets.
 */
import type { IssueData } from './schema-words';

export type DecodeFailure =
  | { kind: 'malformed'; head: string }
  /** A schema issue; `prefix` goes before its path (`[12]` for the 13th legacy record). */
  | { kind: 'issue'; issue: IssueData; prefix: string }
  | { kind: 'field'; field: string; problem: FieldProblem };

/**
 * What is wrong with a field the decoder checks by hand, as a code and its values (`got`: the
 * value as it came, cut short): the worker speaks no language, issue-words.ts says it.
 */
export type FieldProblem =
  | { code: 'not-object' }
  | { code: 'time-not-string' }
  | { code: 'time-not-iso'; got: string }
  | { code: 'not-number'; got: string }
  /** No worker to summarise in: the caller does it itself, so this is never shown. */
  | { code: 'no-worker' };

export type Decoded<T> = { ok: true; value: T } | { ok: false; failure: DecodeFailure };

export function parseText(text: string): Decoded<unknown> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, failure: { kind: 'malformed', head: text.slice(0, 40) } };
  }
}

const decoder = new TextDecoder();
export const textOf = (bytes: ArrayBuffer) => decoder.decode(bytes);
