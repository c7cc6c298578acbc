import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { activateLocale, i18n, type CompiledMessage } from './i18n';
import type { Locale } from './locale-choice';

afterEach(() => activateLocale('en', {}));

// Messages in the shapes the app writes, with values that reach every case.
const CASES: ReadonlyArray<[message: string, values: Record<string, unknown>[]]> = [
  ['Monitored volcanoes', [{}]],
  ['RSAM of {station} at {time}', [{ station: 'VILL', time: '14:05 UTC' }, { station: 'POAS' }]],
  [
    '{count, plural, =0 {no stations} one {# station} other {# stations}}',
    [{ count: 0 }, { count: 1 }, { count: 2 }, { count: 1234 }, { count: 1.5 }],
  ],
  ['{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}', [
    { count: 0, name: 'A' },
    { count: 1, name: 'A' },
    { count: 2, name: 'A' },
    { count: 5, name: 'A' },
  ]],
  ['{state, select, calm {Calm} raised {Raised {level}} other {Unknown}}', [
    { state: 'calm' },
    { state: 'raised', level: 'RSAM' },
    { state: 'odd' },
  ]],
  ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 11 }, { n: 22 }]],
  ['{n, plural, one {# day} other {# days}} of {m, plural, one {# station} other {# stations}}', [{ n: 1, m: 3 }]],
  ["It's '{'literal'}' text", [{}]],
];

describe('the messages runtime', () => {
  it.each<Locale>(['en', 'es'])('gives the text @lingui/core gives for the same compiled message (%s)', (locale) => {
    for (const [message, valueSets] of CASES) {
      const compiled = compileMessage(message) as CompiledMessage;
      const lingui = setupI18n({ locale, messages: { [locale]: { m: compiled as never } } });
      activateLocale(locale, { m: compiled });
      for (const values of valueSets) expect(i18n._('m', values), `${message} ${JSON.stringify(values)}`).toBe(lingui._('m', values));
    }
  });

  it('reads the active catalogue first, the English in the code when the catalogue lacks the message, else the id', () => {
    // As the build leaves it in the code (typed as the source string it was).
  const english = compileMessage('{n, plural, one {# station} other {# stations}}') as CompiledMessage;
    activateLocale('es', { a: compileMessage('{n, plural, one {# estación} other {# estaciones}}') as CompiledMessage });
    expect(i18n._({ id: 'a', message: english as string, values: { n: 12345 } })).toBe('12.345 estaciones');
    expect(i18n._({ id: 'b', message: english as string, values: { n: 1 } })).toBe('1 station');
    expect(i18n._('c')).toBe('c');
    activateLocale('en', {});
    expect(i18n._({ id: 'a', message: english as string, values: { n: 12345 } })).toBe('12,345 stations');
  });

  it('follows a change of language: listeners, <html lang>, and the number format of #', () => {
    const heard = vi.fn();
    const off = i18n.on('change', heard);
    activateLocale('es', {});
    expect(heard).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.locale).toBe('es');
    expect(i18n._({ id: 'x', message: compileMessage('{n, number} counts') as unknown as string, values: { n: 1234.5 } })).toBe(
      '1234,5 counts',
    );
    off();
    activateLocale('en', {});
    expect(heard).toHaveBeenCalledTimes(1);
    expect(document.documentElement.lang).toBe('en');
  });
});
