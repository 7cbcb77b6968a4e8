// SPDX-License-Identifier: MIT
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Process boundaries, enforced: see docs/architecture.md and docs/contributing.md. */
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'net', 'http', 'worker_threads'];

/** Test code: fakes live under `<area>/testing/`, suites and benchmarks under `tests/`. */
const testCode = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'tests/**'];
const noTestCode = { group: ['**/testing/**', '**/tests/**'], message: 'Shipped code never imports fakes (testing/) or tests/.' };

/**
 * One `no-restricted-imports` per area. ESLint replaces (does not merge) a rule's options when a
 * later block matches, so each area gets two blocks: its boundaries for every file, then the same
 * plus "no test code" for its production files.
 */
const boundaries = (files, patterns, { ignores = [], ...rest } = {}) => [
  { files, ignores, ...rest, rules: { 'no-restricted-imports': ['error', { patterns }] } },
  { files, ignores: [...ignores, ...testCode], rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, noTestCode] }] } },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.electron-native/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  ...boundaries(
    ['shared/**/*.ts'],
    [
      { group: ['**/electron/**', 'electron', '**/renderer/**'], message: 'shared/ is pure: no electron/ or renderer/.' },
      { group: nodeBuiltins, message: 'shared/ runs in the renderer too: no Node built-ins.' },
    ],
    { languageOptions: { globals: {} } },
  ),
  ...boundaries(
    ['renderer/**/*.{ts,tsx}'],
    [
      { group: ['**/electron/**', 'electron'], message: 'The renderer talks to main only through window.api.' },
      { group: nodeBuiltins, message: 'The renderer is sandboxed: no Node built-ins.' },
    ],
    { languageOptions: { globals: globals.browser } },
  ),
  ...boundaries(
    ['electron/**/*.ts'],
    [
      { group: ['electron'], message: 'The core is plain Node: only electron/main and electron/preload import electron.' },
      { group: ['**/renderer/**'], message: 'Main-process code never imports the renderer.' },
    ],
    { ignores: ['electron/main/**', 'electron/preload/**'], languageOptions: { globals: globals.node } },
  ),
  ...boundaries(
    ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    [{ group: ['**/renderer/**'], message: 'Main never imports the renderer.' }],
    { languageOptions: { globals: globals.node } },
  ),
  {
    files: ['tests/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The UI benchmark's bare page and in-page probe run in Chromium.
    files: ['tests/bench/ui/page/**/*.ts'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: ['*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
