/**
 * Which language the app speaks, chosen as people expect: `?lang=es` or `?lang=en` in a link wins
 * and is remembered (a shared link, or the wall's kiosk URL, opens in the language of whoever set
 * it up); then the language chosen before in this browser (the switch in the header or Settings);
 * then the browser's preferred languages, the first the app has (es-CR, es-CL, es → Spanish);
 * else English. No dependency: the entry (src/main.tsx) reads it before any catalogue loads.
 */
export type Locale = 'en' | 'es';

/** The languages the app has, each named in itself (as a language menu shows them). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español' };

const KEY = 'volcano-dashboard.lang';

/**
 * `?lang=pseudo`: English with every message wrapped in markers (./i18n.ts `PSEUDO_OPEN`), for the
 * test that looks for words written outside a message (e2e/i18n-pseudo.spec.ts). Not in the menu,
 * never remembered, kept in a view's address like a language.
 */
export const PSEUDO_LANG = 'pseudo';

/** Whether `value` is a `lang=` the app reads: a language it has, or the pseudo-language. */
export const isLangParam = (value: string): boolean => value === PSEUDO_LANG || localeOfTag(value) !== null;

/** The app's language for a BCP 47 tag (`es-CR` → `es`), or null for one it does not have. */
export function localeOfTag(tag: string | null | undefined): Locale | null {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return primary === 'es' || primary === 'en' ? primary : null;
}

export interface LocaleSources {
  /** The page's query string (`?lang=es&…`). */
  search: string;
  /** What was remembered, if anything. */
  stored: string | null;
  /** The browser's preferred languages, most preferred first. */
  languages: readonly string[];
}

/** The language to use and whether it came from the link (then it is remembered). */
export function chooseLocale({ search, stored, languages }: LocaleSources): { locale: Locale; fromLink: boolean } {
  const lang = new URLSearchParams(search).get('lang');
  if (lang === PSEUDO_LANG) return { locale: 'en', fromLink: false };
  const linked = localeOfTag(lang);
  if (linked) return { locale: linked, fromLink: true };
  // The remembered choice, then the browser's languages in its order.
  return { locale: [stored, ...languages].map(localeOfTag).find((l) => l !== null) ?? 'en', fromLink: false };
}

function storedLocale(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // storage blocked: the choice lasts as long as the page
  }
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(KEY, locale);
  } catch {
    // Storage blocked: the language holds for this page only.
  }
}

/** This page's language, from its address, this browser's memory and its preferences. */
export function pageLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  const { locale, fromLink } = chooseLocale({ search: window.location.search, stored: storedLocale(), languages });
  if (fromLink) rememberLocale(locale);
  return locale;
}
