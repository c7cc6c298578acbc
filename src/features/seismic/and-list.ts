import { displayLocale } from '../../domain/display-locale';

/**
 * "a and b" in the display language ("a, b y c", "a e i" in Spanish, which Intl knows). English
 * is joined by hand as it always was: the first Intl formatter of a page costs ICU's data.
 */
export function andList(items: readonly string[]): string {
  const locale = displayLocale();
  if (locale !== 'en') return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items);
  return items.join(' and ');
}
