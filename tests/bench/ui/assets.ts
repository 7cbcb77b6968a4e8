// SPDX-License-Identifier: MIT
import { build } from 'esbuild';
import { copyFileSync, createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';

/** Where the bare page, its server and the in-page probe are built (inside the repo, so node_modules resolve). */
export const ASSETS_DIR = 'dist/bench-ui';

export interface UiAssets {
  readonly dir: string;
  /** The in-page probe as a script for `page.addInitScript`. */
  readonly probe: string;
  readonly bareServer: string;
}

/** Bundles the bare page and its server from the same packages Contexterm's build uses. */
export const buildUiAssets = async (): Promise<UiAssets> => {
  mkdirSync(ASSETS_DIR, { recursive: true });
  const common = { bundle: true, logLevel: 'warning', sourcemap: false } as const;
  await Promise.all([
    build({
      ...common,
      entryPoints: ['tests/bench/ui/page/bare-page.ts'],
      outdir: ASSETS_DIR,
      format: 'iife',
      target: 'es2022',
      minify: true,
    }),
    build({ ...common, entryPoints: ['tests/bench/ui/page/probe.ts'], outdir: ASSETS_DIR, format: 'iife', target: 'es2022' }),
    build({
      ...common,
      entryPoints: ['tests/bench/ui/bare-server.ts'],
      outfile: join(ASSETS_DIR, 'bare-server.mjs'),
      platform: 'node',
      format: 'esm',
      packages: 'external',
    }),
  ]);
  // Contexterm bundles JetBrains Mono: the bare page gets the same files, or it would draw a system font.
  const fonts = 'node_modules/@fontsource/jetbrains-mono/files';
  for (const weight of [400, 700])
    copyFileSync(join(fonts, `jetbrains-mono-latin-${weight}-normal.woff2`), join(ASSETS_DIR, `font-${weight}.woff2`));
  const faces = [400, 700]
    .map(
      (weight) =>
        `@font-face{font-family:'JetBrains Mono';font-weight:${weight};font-style:normal;src:url(font-${weight}.woff2) format('woff2')}`,
    )
    .join('');
  writeFileSync(
    join(ASSETS_DIR, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>bare xterm.js</title>' +
      `<link rel="stylesheet" href="bare-page.css"><style>${faces}body{margin:0;background:#16181d}</style></head>` +
      '<body><script src="bare-page.js"></script></body></html>',
  );
  return { dir: ASSETS_DIR, probe: readFileSync(join(ASSETS_DIR, 'probe.js'), 'utf8'), bareServer: join(ASSETS_DIR, 'bare-server.mjs') };
};

const LEVELS = ['INFO ', 'DEBUG', 'WARN ', 'ERROR'];
const PATHS = ['/api/v1/items', '/api/v1/users', '/healthz', '/static/app.js', '/api/v2/search'];

/**
 * A log file of `bytes` bytes, like a service's output: timestamps, levels, ids, paths; with
 * `ansi`, the level and fields coloured as loggers do (SGR sequences, ~30% of the bytes).
 */
export const writeLogFile = async (path: string, bytes: number, ansi: boolean): Promise<number> => {
  const out = createWriteStream(path);
  let written = 0;
  let line = 0;
  let chunk = '';
  while (written < bytes) {
    const level = LEVELS[line % 7 === 0 ? 3 : line % 5 === 0 ? 2 : line % 3 === 0 ? 1 : 0]!;
    const time = new Date(Date.UTC(2026, 10, 23, 9, 0, 0, line * 7)).toISOString();
    const fields = `request id=${(line * 2654435761) % 1e9} path=${PATHS[line % PATHS.length]}/${line % 997} status=${line % 11 === 0 ? 500 : 200} duration=${line % 173}ms`;
    const text = ansi
      ? `\x1b[2m${time}\x1b[0m \x1b[${level.startsWith('ERROR') ? 31 : level.startsWith('WARN') ? 33 : 32}m${level}\x1b[0m \x1b[36m[worker-${line % 8}]\x1b[0m ${fields}\n`
      : `${time} ${level} [worker-${line % 8}] ${fields}\n`;
    chunk += text;
    written += Buffer.byteLength(text);
    line++;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return written;
};
