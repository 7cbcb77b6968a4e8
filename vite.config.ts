// SPDX-License-Identifier: MIT
import { resolve } from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

/**
 * The first terminal's code (renderer/boot.ts, a dynamic import of main.tsx so the socket opens
 * before it is evaluated) is fetched with the page, not after main.tsx ran: modulepreload links for
 * its chunk, the chunks it imports and its styles. Measured: the boot chunk arrived 40–60 ms later
 * without them, all of it on the way to the first prompt. Not the app's chunks (see below).
 */
const preloadBoot = (): Plugin => ({
  name: 'contexterm-preload-boot',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) => {
      const chunks = Object.values(bundle ?? {}).filter((file) => file.type === 'chunk');
      const chunkOf = (source: string) => {
        const found = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
        if (!found) throw new Error(`preload-boot: no chunk for ${source}`);
        return found;
      };
      /** A chunk's own file, the chunks it imports and their styles, the entry left out (the page's own script tag). */
      const closure = (source: string) => {
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.find((candidate) => candidate.fileName === fileName);
          if (!chunk || chunk.isEntry || files.has(fileName)) return;
          files.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          chunk.imports.forEach(visit);
        };
        visit(chunkOf(source).fileName);
        return { files, styles };
      };
      const boot = closure('/renderer/boot.ts');
      // Only the first stage's: the app's chunks (app-root.tsx, ~380 KB) are fetched when boot.ts
      // imports them, once the prompt is drawn. Modulepreloaded here, Chromium parsed them on its
      // worker threads together with the first stage, and on two cores the prompt came ~50 ms later
      // (median of 20 interleaved loads); prefetched, 52 ms later (30 loads); preloaded by boot.ts
      // as it started, 60 ms later (30 loads). renderer/lazy/app-load.ts covers a host gone meanwhile.
      const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({ tag: 'link', attrs, injectTo: 'head' });
      // Vite's loader asks for these with crossorigin="" too: a preload in another mode is not reused.
      return [
        ...[...boot.styles].map((href) => link({ rel: 'preload', as: 'style', crossorigin: true, href: `./${href}` })),
        ...[...boot.files].map((href) => link({ rel: 'modulepreload', crossorigin: true, href: `./${href}` })),
      ];
    },
  },
});

const EARLY_SOCKET = 'renderer/transport/early-socket.ts';
const EARLY_SOCKET_MARK = '<!-- early-socket -->';

/**
 * Browser mode's socket starts from a classic script at the top of the page
 * (renderer/transport/early-socket.ts), `async`, built as a chunk of its own and given the socket
 * worker's built address. In the dev server the mark stays a comment and the transport starts the worker.
 */
const earlySocket = (): Plugin => ({
  name: 'contexterm-early-socket',
  apply: 'build',
  buildStart() {
    this.emitFile({ type: 'chunk', id: resolve(EARLY_SOCKET), name: 'early-socket' });
  },
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) => {
      const files = Object.values(bundle ?? {});
      const script = files.find((file) => file.type === 'chunk' && file.facadeModuleId === resolve(EARLY_SOCKET));
      const worker = files.find((file) => file.type === 'asset' && /(^|\/)socket-worker-[\w-]+\.js$/.test(file.fileName));
      if (!script || !worker) throw new Error('early-socket: the script or the socket worker is missing from the bundle');
      if (script.type === 'chunk' && (script.imports.length > 0 || script.exports.length > 0)) {
        throw new Error('early-socket: the chunk imports or exports, so it cannot run as a classic script');
      }
      if (!html.includes(EARLY_SOCKET_MARK)) throw new Error(`early-socket: ${EARLY_SOCKET_MARK} is missing from index.html`);
      return html.replace(EARLY_SOCKET_MARK, `<script async src="./${script.fileName}" data-worker="./${worker.fileName}"></script>`);
    },
  },
});

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
  plugins: [earlySocket(), preloadBoot()],
});
