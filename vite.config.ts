// SPDX-License-Identifier: MIT
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
  oxc: { jsx: { runtime: 'automatic' } },
});
