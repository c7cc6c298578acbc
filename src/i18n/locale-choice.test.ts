import { describe, expect, it } from 'vitest';
import { chooseLocale, isLangParam, localeOfTag, pageLocale } from './locale-choice';

describe('the language chosen', () => {
  it('reads a tag by its language, whatever its region', () => {
    expect(localeOfTag('es-CR')).toBe('es');
    expect(localeOfTag('ES_cl')).toBe('es');
    expect(localeOfTag('en-GB')).toBe('en');
    expect(localeOfTag('fr')).toBeNull();
    expect(localeOfTag('')).toBeNull();
    expect(localeOfTag(null)).toBeNull();
  });

  it('takes a link’s lang= first, then the remembered choice, then the browser’s first language it has, else English', () => {
    const languages = ['fr-FR', 'es-CL', 'en'];
    expect(chooseLocale({ search: '?lang=en', stored: 'es', languages })).toEqual({ locale: 'en', fromLink: true });
    expect(chooseLocale({ search: '?lang=xx', stored: 'en', languages })).toEqual({ locale: 'en', fromLink: false });
    expect(chooseLocale({ search: '', stored: null, languages })).toEqual({ locale: 'es', fromLink: false });
    expect(chooseLocale({ search: '', stored: null, languages: ['de', 'fr'] })).toEqual({
      locale: 'en',
      fromLink: false,
    });
    expect(chooseLocale({ search: '?theme=dark', stored: null, languages: ['es-CR'] })).toEqual({
      locale: 'es',
      fromLink: false,
    });
  });

  it('reads ?lang=pseudo as English underneath, and neither remembers it nor drops it from an address', () => {
    expect(chooseLocale({ search: '?lang=pseudo', stored: 'es', languages: ['es-CR'] })).toEqual({
      locale: 'en',
      fromLink: false,
    });
    expect(isLangParam('pseudo')).toBe(true);
    expect(isLangParam('es-CR')).toBe(true);
    expect(isLangParam('fr')).toBe(false);
  });

  it('remembers a link’s language for the next visit', () => {
    localStorage.clear();
    window.history.replaceState(null, '', '/wall?lang=es');
    expect(pageLocale()).toBe('es');
    window.history.replaceState(null, '', '/wall');
    expect(pageLocale()).toBe('es');
    localStorage.clear();
  });
});
