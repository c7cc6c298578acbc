/** Round-trip properties every view's URL table must have (url-schema.ts), checked on generated input. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { parseUrl, serializeUrl, type UrlSchema } from '../ui/url-schema';

/** Addresses of the view's parameters in any order and number, each with one of `words` (good and bad). */
export function addresses(words: Record<string, readonly string[]>): fc.Arbitrary<URLSearchParams> {
  const pair = fc.constantFrom(...Object.keys(words)).chain((k) => fc.constantFrom(...words[k]!).map((w) => [k, w]));
  return fc.array(pair, { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs));
}

/**
 * A state the view can be in is written as a link that reads back to that state, with nothing to
 * drop and nothing to rewrite; and whatever address is opened, the link the view then writes reads
 * back to itself (serialize(parse(x)) is a fixed point), so a shared link is canonical.
 */
export function expectRoundTrips<S>(
  schema: UrlSchema<S>,
  states: fc.Arbitrary<S>,
  words: Record<string, readonly string[]>,
): void {
  fc.assert(
    fc.property(states, (state) => {
      const link = serializeUrl(schema, state);
      expect(parseUrl(schema, link), link.toString()).toEqual({ params: state, notices: [], rewrite: false });
    }),
  );
  fc.assert(
    fc.property(addresses(words), (address) => {
      const link = serializeUrl(schema, parseUrl(schema, address).params).toString();
      const again = parseUrl(schema, new URLSearchParams(link));
      expect({ notices: again.notices, rewrite: again.rewrite }, link).toEqual({ notices: [], rewrite: false });
      expect(serializeUrl(schema, again.params).toString()).toBe(link);
    }),
  );
}
