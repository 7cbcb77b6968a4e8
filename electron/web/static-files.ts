// SPDX-License-Identifier: MIT
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { safeDecode } from './request-target';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

export interface StaticFile {
  readonly body: Buffer;
  readonly type: string;
}

/** Serves the built renderer; paths are confined to its directory. Files are cached after first read. */
export class StaticFiles {
  private readonly _cache = new Map<string, StaticFile>();

  constructor(private readonly _root: string) {}

  async get(pathname: string): Promise<StaticFile | undefined> {
    const decoded = pathname === '/' ? 'index.html' : safeDecode(pathname);
    if (decoded === undefined || decoded.includes('\0')) return undefined;
    const relative = decoded.replace(/^\/+/, '');
    const full = normalize(join(this._root, relative));
    if (!full.startsWith(this._root + sep)) return undefined;
    const cached = this._cache.get(full);
    if (cached) return cached;
    try {
      const file = { body: await readFile(full), type: TYPES[extname(full)] ?? 'application/octet-stream' };
      this._cache.set(full, file);
      return file;
    } catch {
      return undefined;
    }
  }
}
