import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

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
    // Vertical slices (DESIGN.md example 1): a feature never imports another feature.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.\\.)[^/]+/', message: 'Features must not import each other; move shared code out of src/features.' },
            { regex: '^\\.\\./\\.\\./features/', message: 'Features must not import each other.' },
            { regex: '^\\.\\./\\.\\./app/', message: 'Imports flow shared → features → app.' },
          ],
        },
      ],
    },
  },
  {
    // Shared code sits below features and the app.
    files: ['src/{api,domain,ui,chart,rsam,stores,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)features/', message: 'Shared code must not import features.' },
            { regex: '^\\.\\./app/', message: 'Shared code must not import the app.' },
          ],
        },
      ],
    },
  },
  {
    // The mock is an independent reading of the documents (DESIGN.md, issue 12): it must not share
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
    files: ['src/api/**/*.ts'],
    ignores: ['src/api/**/*.test.ts'],
    rules: {},
  },
  {
    // Components never call fetch: HTTP lives in src/api (DESIGN.md).
    files: ['src/{features,ui,chart,rsam,app,stores}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API layer in src/api/.' }],
    },
  },
);
