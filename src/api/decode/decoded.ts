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
  | { kind: 'field'; field: string; problem: string };

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
