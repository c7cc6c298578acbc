import { loadCatalogue } from './catalogue';
import { activateLocale } from './i18n';
import { rememberLocale, type Locale } from './locale-choice';

/** The person chose a language: load it, show it, remember it. */
export async function switchLocale(locale: Locale): Promise<void> {
  activateLocale(locale, await loadCatalogue(locale));
  rememberLocale(locale);
}
