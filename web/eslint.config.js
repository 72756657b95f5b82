import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'playwright-report', 'test-results', 'public'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Every visible string comes from the locale files: no text literal in JSX.
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'aria-label', 'title', 'placeholder', 'alt', 'description', 'aria-description'],
          },
        },
      ],
    },
  },
  {
    // A feature uses another only through its index.ts; shared code lives in src/components and src/lib.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/**', '@/app/*'],
              message: "A feature uses another only through its index.ts ('@/features/<area>'), never the app layer.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API client stays light: the kiosk and sign-in pages load it without the office app.
    files: ['src/lib/api/**/*.ts'],
    ignores: ['src/lib/api/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@tanstack/*', '@mantine/*', 'react-router', '@/features/*', '@/app/*', '@/components/*'],
              message: 'src/lib/api must not pull in React, the query client, the router or the component set.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
