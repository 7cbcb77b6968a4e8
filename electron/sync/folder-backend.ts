// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { SyncBackend } from './backend';
import { SyncError } from './sync-error';

/**
 * Objects as files in a folder that Syncthing, Dropbox or a network share carries between machines.
 * A write goes to a dot-file beside its target and is renamed over it: rename is atomic on one
 * file system, so a reader (or the syncing tool) sees the old object or the new one, never half.
 */
export class FolderBackend implements SyncBackend {
  readonly where: string;

  constructor(private readonly _root: string) {
    this.where = _root;
  }

  private _path(name: string): string {
    if (name.split('/').some((part) => part === '' || part === '.' || part === '..'))
      throw new SyncError('bad-input', `not an object name: ${name}`);
    return join(this._root, ...name.split('/'));
  }

  async probe(): Promise<void> {
    const info = await stat(this._root).catch(() => undefined);
    if (!info?.isDirectory()) throw new SyncError('no-bucket', `the sync folder ${this._root} does not exist`);
  }

  async put(name: string, body: Uint8Array): Promise<void> {
    const path = this._path(name);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.part`);
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, path);
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this._path(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async list(prefix: string): Promise<string[]> {
    const names: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue; // a write in progress, or the syncing tool's own files
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else names.push(relative(this._root, path).split(sep).join('/'));
      }
    };
    const base = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    await walk(base === '' ? this._root : this._path(base.slice(0, -1)));
    return names.filter((name) => name.startsWith(prefix)).sort();
  }

  async delete(name: string): Promise<void> {
    await rm(this._path(name), { force: true });
  }

  close(): void {}
}
