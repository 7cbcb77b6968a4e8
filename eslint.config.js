// SPDX-License-Identifier: MIT
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Process boundaries, enforced: see ARCHITECTURE.md §1–2 and the README. */
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'net', 'http', 'worker_threads'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.electron-native/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/electron/**', 'electron', '**/renderer/**'], message: 'shared/ is pure: no electron/ or renderer/.' },
            { group: nodeBuiltins, message: 'shared/ runs in the renderer too: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/electron/**', 'electron'], message: 'The renderer talks to main only through window.api.' },
            { group: nodeBuiltins, message: 'The renderer is sandboxed: no Node built-ins.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/**', 'electron/preload/**'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron'], message: 'The core is plain Node: only electron/main and electron/preload import electron.' },
            { group: ['**/renderer/**'], message: 'Main-process code never imports the renderer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/renderer/**'], message: 'Main never imports the renderer.' }] }],
    },
  },
  {
    files: ['tests/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: ['*.config.{js,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
