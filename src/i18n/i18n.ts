/**
 * The app's messages at run time (docs/architecture.md "Languages"): the `i18n` the Lingui macros
 * call (lingui.config.ts `runtimeConfigModule`, through package.json's `#i18n` import), with no
 * React, so non-React modules' `t` and `msg` read it too.
 *
 * Lingui does the rest at build time: the macros turn each message into its English, compiled, in
 * the code (scripts/lingui-build.ts), and the build compiles the Spanish catalogue, keyed by that
 * English (./catalogue-key.ts). What is left at run time is looking a message up and reading its
 * compiled form, which this does in a few lines instead of @lingui/core's runtime (2.2 KB gzipped
 * on every route's first paint, most of it date and number helpers the app does not use through
 * messages). It reads the form @lingui/core reads and gives the same text (i18n.test.ts compares
 * the two): placeholders, `plural`, `selectordinal` and `select` (exact `=n` cases and `offset`
 * included), `#` and `{n, number}` written as the app writes numbers (src/domain/format-number.ts).
 */
import { formatNumber } from '../domain/format-number';
import { setDisplayLocale } from '../domain/display-locale';
import { catalogueKey, type CompiledMessage } from './catalogue-key';
import type { Locale } from './locale-choice';

/** A language's compiled catalogue, keyed by the English message (./catalogue-key.ts). */
export type Messages = Record<string, CompiledMessage>;

/**
 * A message's values: by placeholder name as the macros write them, in the code after the build by
 * number (`[level, limit]` for "RSAM {0} counts, limit {1}", scripts/lingui-build.ts).
 */
export type Values = Record<string, unknown> | readonly unknown[];

/**
 * A message not yet in words: what the `msg` macro makes, said later with `i18n._()`. Typed as the
 * macro types it; after the build it holds the compiled English and its values, no id.
 */
export interface MessageDescriptor {
  id: string;
  message?: string;
  values?: Record<string, unknown>;
}

/** The pseudo-language's markers around every message (`?lang=pseudo`, ./locale-choice.ts). */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

let locale: Locale = 'en';
let pseudo = false;
let messages: Messages = {};
let translating = false;
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCase(n: number, ordinal: boolean): string {
  const key = `${locale}${ordinal}`;
  let rules = pluralRules.get(key);
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' })));
  return rules.select(n);
}

/** A compiled message (or one of its cases) as text, `#` standing for `count` when given. */
function render(tokens: CompiledMessage, values: Values, count?: number): string {
  const v = values as Record<string, unknown>;
  // Text with plain placeholders, and in a case `#` for the count (./catalogue-key.ts compactForm).
  if (typeof tokens === 'string')
    return tokens.replace(/\{(\w+)\}|#/g, (hash, name?: string) =>
      name ? String(v[name] ?? '') : count === undefined ? hash : formatNumber(count),
    );
  let out = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      out += token === '#' && count !== undefined ? formatNumber(count) : token;
      continue;
    }
    const [name, type, cases] = token;
    const value = v[name];
    if (type === 'plural' || type === 'selectordinal') {
      const n = Number(value);
      const offset = Number(cases?.offset ?? 0);
      const chosen = cases?.[String(n)] ?? cases?.[pluralCase(n - offset, type === 'selectordinal')] ?? cases?.other;
      out += render((chosen ?? '') as CompiledMessage, values, n - offset);
    } else if (type === 'select') {
      out += render((cases?.[String(value)] ?? cases?.other ?? '') as CompiledMessage, values, count);
    } else if (type === 'number') {
      out += formatNumber(Number(value));
    } else if (value != null) {
      out += String(value);
    }
  }
  return out;
}

type Said = CompiledMessage | { message?: unknown; values?: Values };

/**
 * A message in the active language: its translation when the catalogue has one, else the English.
 * Takes what the macros leave: the compiled English, or a descriptor holding it and its values.
 */
function translate(said: Said, values?: Values): string {
  const d = typeof said === 'string' || Array.isArray(said) ? { message: said, values } : said;
  const english = (d.message ?? '') as CompiledMessage;
  const shown = (translating && messages[catalogueKey(english)]) || english;
  const text = render(shown, d.values ?? values ?? {});
  return pseudo ? PSEUDO_OPEN + text + PSEUDO_CLOSE : text;
}

export const i18n = {
  get locale(): Locale {
    return locale;
  },
  _: translate,
  t: translate,
  /** Calls `listener` after each change of language; returns the unsubscribe. */
  on(_event: 'change', listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Wraps every message in the pseudo-language's markers (English underneath), or stops. */
export function activatePseudo(on = true): void {
  pseudo = on;
}

/** Makes `next` the app's language with its compiled messages; `<html lang>` and numbers follow. */
export function activateLocale(next: Locale, catalogue: Messages): void {
  locale = next;
  messages = catalogue;
  translating = Object.keys(catalogue).length > 0;
  setDisplayLocale(next);
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const l of [...listeners]) l();
}
