// Lingui's configuration (docs/architecture.md "Languages"): English is the source language, written
// in the code with the macros; Spanish is the catalogue src/i18n/locales/es.po. `lingui extract`
// writes the catalogues; the build compiles them (scripts/lingui-build.ts); `npm test` fails when a
// message in the code is missing from one (scripts/i18n-check.ts).
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

const config: LinguiConfig = {
  sourceLocale: 'en',
  locales: ['en', 'es'],
  catalogs: [
    {
      path: '<rootDir>/src/i18n/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts', '<rootDir>/src/test/**'],
    },
  ],
  // The macros' run time: the app's own instance, English active from the start, and hooks that need
  // no provider (src/i18n/runtime.ts).
  runtimeConfigModule: {
    i18n: ['#i18n', 'i18n'],
    useLingui: ['#i18n-runtime', 'useLingui'],
    Trans: ['#i18n-runtime', 'Trans'],
  },
  // Messages ordered by where they are first used, so a view's words sit together for a translator.
  orderBy: 'origin',
  // Origins without line numbers: a catalogue changes when a message does, not when code moves.
  format: formatter({ lineNumbers: false }),
};

export default config;
