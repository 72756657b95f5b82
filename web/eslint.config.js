import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NO_CROSS_FEATURE = {
  group: ['@/features/*/**', '@/app/*'],
  message: "A feature uses another only through its index.ts ('@/features/<area>'), never the app layer.",
};
const LIGHT_PATHS = [
  { name: 'react-router', message: 'The public pages have no router (see features/accounts/auth/lib/location.ts).' },
  { name: '@tanstack/react-query', message: 'The public pages have no query client.' },
];
const OFFICE_APP = {
  group: ['@/app/router', '@/app/guards', '@/app/layouts/main-layout', '@/components/query-provider', '@/lib/react-query'],
  message: 'A public page must not import the office app.',
};

export default tseslint.config(
  { ignores: ['dist', 'build-ssr', 'bench', 'node_modules', 'playwright-report', 'test-results', 'public'] },
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
          // The plugin's defaults, and @mantine/form's field paths (form.getInputProps('sku')).
          callees: {
            exclude: ['i18n(ext)?', 't', 'require', 'addEventListener', 'removeEventListener', 'postMessage', 'getElementById',
              'dispatch', 'commit', 'includes', 'indexOf', 'endsWith', 'startsWith', 'form.getInputProps', 'form.key', 'field', 'whole'],
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
          patterns: [NO_CROSS_FEATURE],
        },
      ],
    },
  },
  {
    // Query keys are named once, in the feature's api/keys.ts, and used by name (another
    // feature through that feature's index.ts): a key typed again drifts from the one it
    // meant, and the write that should refresh it silently does not.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/features/*/api/keys.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression.value",
          message: "A query key is named in the feature's api/keys.ts (e.g. projectKeys.one(id)); use that name, not a literal array.",
        },
        {
          selector: "CallExpression[callee.property.name=/^(set|get)QueryData$/] > ArrayExpression.arguments:first-child",
          message: "A query key is named in the feature's api/keys.ts; use that name, not a literal array.",
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
  // The public pages' entries stay light: no router, no query client, nothing
  // of the office app. Shared code they use lives in src/lib, src/components, src/i18n.
  {
    files: ['src/auth-main.tsx', 'src/kiosk-main.tsx', 'src/app/auth-app.tsx', 'src/app/layouts/auth-layout.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: LIGHT_PATHS, patterns: [OFFICE_APP] }] },
  },
  // Their code in the features: the sign-in pages (accounts/auth) and the kiosk (timeclock/kiosk),
  // which use nothing of the office part of their feature either.
  {
    files: ['src/features/accounts/auth/**/*.{ts,tsx}', 'src/features/timeclock/kiosk/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: LIGHT_PATHS, patterns: [OFFICE_APP, NO_CROSS_FEATURE] }] },
  },
  {
    files: ['e2e/**/*.ts', '*.config.ts', 'scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
