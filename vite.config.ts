// SPDX-License-Identifier: MIT
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  build: {
    outDir: '../dist/renderer',
    // Files of earlier builds stay (scripts/build.mjs drops them after an hour): an open page fetches
    // its lazy chunks after it loaded, and a rebuild meanwhile must not take them away.
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      output: {
        // zod is used by lazy parts only (the settings page, the notifications form): in a chunk of
        // its own, so the split does not hoist it into the entry that every page load runs.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
      // react-resizable-panels starts with "use client" (a React Server Components marker): meaningless in this bundle.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
