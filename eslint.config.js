// One lint setup for the whole tree (flat config). typescript-eslint's type-aware recommended rules
// (promises awaited or discarded on purpose, none handed where a void callback goes) + stylistic
// rules, no circle of imports, no source file over 400 lines, type-only imports kept explicit, no non-null assertions, process.env read only in env.ts
// files, React hooks rules in the web app, Playwright's rules in the browser tests (web-first
// assertions that retry, no fixed sleeps, no forced clicks, every Playwright call awaited), and in
// the web app no toast or cache update in one mutate() call's options and no useMutation outside
// a use-*.ts hook module.
import js from '@eslint/js';
import playwright from 'eslint-plugin-playwright';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.turbo/**',
      '**/coverage/**',
      'data/**',
      '**/*.config.*',
      '**/build.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...tseslint.configs.stylistic,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': 'off',
      // A promise is awaited, returned or discarded on purpose (`void`); node:test's test() and
      // describe() are run by the test runner, which awaits them itself.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['test', 'describe', 'it'] }] },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify's hooks and handlers, and the interfaces the code implements, are async by contract,
      // with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts only.' },
      ],
    },
  },
  {
    // Tests read JSON answers and mocks as they come (untyped); promises must still be awaited.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/e2e/**', '**/test-utils/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `getByRole(…) as HTMLInputElement` reads as the element the test expects.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    // Plain JavaScript (the build and run scripts) has no types to check.
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/env.ts', '**/scripts/**', 'bench/**', '**/test/**', '**/e2e/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // A toast or cache update in one mutate() call's options is lost once that caller unmounts
    // (a refresh can unmount it): they belong in the mutation's own options (useMutation({...})).
    // The call's options keep what only the caller does: navigate, close a modal, reset its form.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^mutate(Async)?$/] > ObjectExpression Identifier[name=/^(notifySuccess|notifyError|notifyInfo|showApiError|reportFormError|reportError|copyWithToast|notifications|refreshRide|markStale|setData|setQueryData|invalidate|invalidateQueries|resetQueries|refetch)$/]',
          message:
            "Toasts and cache updates go in the mutation's own options (useMutation({ onSuccess, onError })), not in one call's.",
        },
        {
          selector:
            "JSXOpeningElement[name.name='Skeleton'] > JSXAttribute[name.name=/^(aria-label|aria-labelledby|role)$/]",
          message: 'An announced placeholder is a <LoadingBlock label="…" /> (components/loading-block.tsx).',
        },
        {
          // A plain div or span may not carry a name (axe: aria-prohibited-attr); screen readers skip it.
          // Exempt: an element with a real role, or rendered as a landmark, list or other named tag.
          selector:
            "JSXOpeningElement[name.name=/^(Loader|Box|Stack|Group|Center|Flex|Text|Card|Paper|SimpleGrid|Container|Badge|ThemeIcon|div|span|p)$/]:not(:has(> JSXAttribute[name.name='role'][value.value!=/^(presentation|none|generic)$/])):not(:has(> JSXAttribute[name.name='component'][value.value=/^(nav|main|aside|header|footer|section|article|form|ul|ol|li|dl|table|figure|fieldset|a|button|label|img|svg)$/])) > JSXAttribute[name.name=/^aria-label(ledby)?$/]",
          message:
            'A name (aria-label, aria-labelledby) needs a role: give the element one (status, group, img…) or render it as a landmark or list (component="nav", "ul", "section"…).',
        },
      ],
    },
  },
  {
    // A write lives in a hook module (apps/web/src/**/use-*.ts) whose options come from the one
    // settle helper (lib/settle.ts); pages and components call the hook (docs/development.md).
    // The process.env entry repeats the tree-wide one, which this rule's list replaces here.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/use-*.ts', '**/env.ts', '**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test-utils/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through env.ts only.' },
        {
          property: 'useMutation',
          message: 'A mutation lives in a use-*.ts hook module, settled through useSettle() (lib/settle.ts).',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: 'A mutation lives in a use-*.ts hook module, settled through useSettle() (lib/settle.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/e2e/**/*.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      'playwright/prefer-web-first-assertions': 'error',
      'playwright/prefer-to-have-count': 'error',
      'playwright/no-wait-for-timeout': 'error',
      'playwright/no-force-option': 'error',
      'playwright/missing-playwright-await': 'error',
      'playwright/no-networkidle': 'error',
      // A state read once is a race with the page: `const n = await rows.count(); expect(n)…`.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[arguments.length=0] > MemberExpression.callee > Identifier.property[name=/^(count|isVisible|isHidden|isEnabled|isDisabled|isChecked|isEditable)$/]',
          message: 'Assert on the locator instead (toHaveCount, toBeVisible, toBeEnabled, toBeChecked …): it retries.',
        },
      ],
      // Fixtures hand their value to `use`, which is no React hook.
      'react-hooks/rules-of-hooks': 'off',
    },
  },
  {
    // No circle of imports, type-only ones included: a circle makes the order modules load in matter
    // and hides which rule depends on which (docs/development.md#lint).
    files: ['packages/*/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A source file stays short enough to read in one sitting: 400 lines at most (tests and
    // migrations aside; docs/development.md#lint).
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/*/scripts/**/*.ts', 'packages/*/src/**/*.ts', 'bench/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/test-utils/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
);
