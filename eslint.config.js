import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import boundaries from './scripts/eslint-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'public/mockServiceWorker.js', 'test-results', 'playwright-report', '.bench'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Layer boundaries (docs/architecture.md "Boundaries"), judged on resolved paths, import() included.
    // mocks/ is held to its independence by its own block; the rule can judge it too (without `skip`).
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/layers': ['error', { skip: ['mocks'] }] },
  },
  {
    // The mock is an independent reading of the documents (docs/service.md): it must not share
    // the app's runtime code, or both agree by construction. Tests compare the two instead.
    files: ['mocks/**/*.ts'],
    ignores: ['mocks/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**'],
              allowTypeImports: true,
              message: 'mocks/ reads the spec on its own: no runtime import from src/ (type-only imports are fine).',
            },
          ],
        },
      ],
    },
  },
  {
    // Files split along real seams stay readable; npm test lints with --max-warnings=0.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Components never call fetch: HTTP lives in src/api (docs/architecture.md).
    files: ['src/{features,ui,chart,rsam,analysis,app,stores}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API layer in src/api/.' }],
    },
  },
);
