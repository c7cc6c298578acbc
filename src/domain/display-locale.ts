/**
 * The language numbers and dates are written in on screen (`en` or `es`), set by the app's
 * language (src/i18n/i18n.ts). Kept here, below every layer, so the formatters in src/domain read
 * it without importing the app's i18n. Files (CSV) never use it: they are written for machines.
 */
let current = 'en';

export function setDisplayLocale(locale: string): void {
  current = locale;
}

export function displayLocale(): string {
  return current;
}
