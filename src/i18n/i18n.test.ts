import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { activateLocale, activatePseudo, i18n } from './i18n';
import { compactForm, type CompiledMessage, type Token } from './catalogue-key';
import { compileCatalogue, sourceForm } from '../../scripts/lingui-build';
import type { Locale } from './locale-choice';

afterEach(() => activateLocale('en', {}));

/** A message compiled as @lingui/core reads it, placeholders named. */
const english = (message: string): CompiledMessage => compactForm(compileMessage(message) as Token[]);
/** A message as the build leaves it in the code, placeholders numbered (scripts/lingui-build.ts). */
const inCode = (message: string): CompiledMessage => sourceForm(message).compiled;

// Messages in the shapes the app writes, with values that reach every case.
const CASES: ReadonlyArray<[message: string, values: Record<string, unknown>[]]> = [
  ['Monitored volcanoes', [{}]],
  ['RSAM of {station} at {time}', [{ station: 'VILL', time: '14:05 UTC' }, { station: 'POAS' }]],
  [
    '{count, plural, =0 {no stations} one {# station} other {# stations}}',
    [{ count: 0 }, { count: 1 }, { count: 2 }, { count: 1234 }, { count: 1.5 }],
  ],
  [
    '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
    [
      { count: 0, name: 'A' },
      { count: 1, name: 'A' },
      { count: 2, name: 'A' },
      { count: 5, name: 'A' },
    ],
  ],
  [
    '{state, select, calm {Calm} raised {Raised {level}} other {Unknown}}',
    [{ state: 'calm' }, { state: 'raised', level: 'RSAM' }, { state: 'odd' }],
  ],
  [
    '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 11 }, { n: 22 }],
  ],
  ['{n, plural, one {# day} other {# days}} of {m, plural, one {# station} other {# stations}}', [{ n: 1, m: 3 }]],
  ["It's '{'literal'}' text", [{}]],
  ["{n, plural, one {# is '#'1 of {total}} other {# are '#'{total}}}", [{ n: 1, total: 3 }, { n: 4, total: 5 }]],
  ['Channel #{n} of {count, plural, one {# channel} other {# channels}}', [{ n: 2, count: 3 }]],
];

describe('the messages runtime', () => {
  it.each<Locale>(['en', 'es'])('gives the text @lingui/core gives for the same compiled message (%s)', (locale) => {
    for (const [message, valueSets] of CASES) {
      const compiled = english(message);
      const lingui = setupI18n({ locale, messages: { [locale]: { m: compiled as never } } });
      activateLocale(locale, {});
      // And as the code carries it: placeholders numbered, cases in their shortest form.
      const numbered = sourceForm(message);
      for (const values of valueSets) {
        expect(i18n._(compiled, values), `${message} ${JSON.stringify(values)}`).toBe(lingui._('m', values));
        const inOrder = numbered.names.map((name) => values[name]);
        expect(i18n._(numbered.compiled, inOrder), `${message} numbered`).toBe(lingui._('m', values));
      }
    }
  });

  it('says a message from the catalogue, keyed by its English, else the English itself', () => {
    const po = [
      'msgid "{n, plural, one {# station} other {# stations}}"',
      'msgstr "{n, plural, one {# estación} other {# estaciones}}"',
      '',
      'msgid "Seismic"',
      'msgstr "Sísmica"',
      '',
      'msgid "Imagery"',
      'msgstr ""',
    ].join('\n');
    activateLocale('es', compileCatalogue(po));
    const stations = inCode('{n, plural, one {# station} other {# stations}}');
    expect(i18n._({ message: stations, values: [12345] })).toBe('12.345 estaciones');
    expect(i18n._(stations, [1])).toBe('1 estación');
    expect(i18n._('Seismic')).toBe('Sísmica');
    expect(i18n._('Imagery'), 'untranslated: the English').toBe('Imagery');
    expect(i18n._(inCode('{n} other'), [2])).toBe('2 other');
    activateLocale('en', {});
    expect(i18n._({ message: stations, values: [12345] })).toBe('12,345 stations');
  });

  it('numbers placeholders in the code, and a translation’s by its English’s names, in any order', () => {
    expect(inCode('RSAM {level} counts, limit {limit}')).toBe('RSAM {0} counts, limit {1}');
    const po = 'msgid "{level} of {limit} ({level})"\nmsgstr "límite {limit}: {level}"';
    activateLocale('es', compileCatalogue(po));
    const message = inCode('{level} of {limit} ({level})');
    expect(i18n._(message, [5, 9])).toBe('límite 9: 5');
    expect(i18n._(message, { 1: 9, 0: 5 }), 'values written out of order').toBe('límite 9: 5');
    activateLocale('en', {});
    expect(i18n._(message, [5, 9])).toBe('5 of 9 (5)');
  });

  it('refuses at build time two messages made one by numbering that translate differently', () => {
    const po = 'msgid "{a} counts"\nmsgstr "{a} cuentas"\n\nmsgid "{b} counts"\nmsgstr "{b} recuentos"';
    expect(() => compileCatalogue(po, 'es.po')).toThrow(/differ only in placeholder names/);
    const same = 'msgid "{a} counts"\nmsgstr "{a} cuentas"\n\nmsgid "{b} counts"\nmsgstr "{b} cuentas"';
    expect(compileCatalogue(same)).toEqual({ '{0} counts': '{0} cuentas' });
    expect(() => compileCatalogue('msgid "{a} counts"\nmsgstr "{b} cuentas"', 'es.po')).toThrow(/es\.po/);
  });

  it('wraps each message, with its values and plural cases, in the pseudo-language’s markers', () => {
    activatePseudo();
    try {
      expect(i18n._(english('Seismic'))).toBe('⟦Seismic⟧');
      expect(
        i18n._(english('{n, plural, one {# station} other {# stations}} at {time}'), { n: 2, time: '14:05 UTC' }),
      ).toBe('⟦2 stations at 14:05 UTC⟧');
    } finally {
      activatePseudo(false);
    }
    expect(i18n._(english('Seismic'))).toBe('Seismic');
  });

  it('refuses at build time a translation that does not compile', () => {
    expect(() => compileCatalogue('msgid "{n} days"\nmsgstr "{n, plural, one {# día}"', 'es.po')).toThrow(/es\.po/);
  });

  it('follows a change of language: listeners, <html lang>, and the number format of #', () => {
    const heard = vi.fn();
    const off = i18n.on('change', heard);
    activateLocale('es', {});
    expect(heard).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.locale).toBe('es');
    expect(i18n._(english('{n, number} counts'), { n: 1234.5 })).toBe('1234,5 counts');
    off();
    activateLocale('en', {});
    expect(heard).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('en');
  });
});
