import type { Messages } from './i18n';
import type { Locale } from './locale-choice';

/**
 * The compiled messages of a language. English is the source language and has none to load: its
 * messages are in the code (scripts/lingui-build.ts). Spanish is a chunk of its own, compiled from
 * src/i18n/locales/es.po at build time, loaded only when Spanish is chosen.
 */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  if (locale === 'en') return {};
  const { messages } = await import('./locales/es.po');
  return messages;
}
