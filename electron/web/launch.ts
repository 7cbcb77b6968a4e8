// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensurePrivateDir, RUN_DIR } from '../data-dir/data-dir-trust';
import { checkToken, type TokenSource } from './args';

/**
 * A fixed token from a file must be as private as an SSH key: a regular file that only its owner
 * can read, since whoever reads it can run commands as the user.
 */
export const resolveToken = (source: TokenSource | undefined): string | undefined => {
  if (!source) return undefined;
  if (source.kind !== 'file') return source.value;
  const stat = statSync(source.path);
  if (!stat.isFile()) throw new Error(`--token-file ${source.path}: not a regular file`);
  if ((stat.mode & 0o077) !== 0) {
    throw new Error(`--token-file ${source.path}: readable by other users (mode ${(stat.mode & 0o777).toString(8)}); chmod 600 it`);
  }
  const first = readFileSync(source.path, 'utf8').split(/\r?\n/, 1)[0]?.trim() ?? '';
  return checkToken(first, `--token-file ${source.path}`);
};

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Opens the app without putting the token on the process list: `xdg-open URL` would show it in
 * `ps` to every user. Instead a 0600 page in a 0700 directory redirects to the URL, and only its
 * path is passed (Jupyter does the same). The page is removed when the server stops, and stale
 * ones from a killed run when the next one starts.
 */
export class BrowserLauncher {
  private readonly _dir: string;
  private readonly _pages: string[] = [];

  constructor(dataDir: string) {
    this._dir = join(dataDir, RUN_DIR);
    // Never a link: its stale pages are deleted below, which through a planted link would be someone else's files.
    ensurePrivateDir('run directory', this._dir);
    for (const name of readdirSync(this._dir)) if (name.startsWith('open-')) rmSync(join(this._dir, name), { force: true });
  }

  /** Writes the redirect page and returns its path (exported for tests; `open` uses it). */
  writePage(url: string): string {
    const file = join(this._dir, `open-${randomBytes(8).toString('hex')}.html`);
    const href = escapeHtml(url);
    const html = `<!doctype html><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}"><title>Contexterm</title>
<p>Opening Contexterm… <a href="${href}">continue</a></p>\n`;
    writeFileSync(file, html, { mode: 0o600, flag: 'wx' });
    this._pages.push(file);
    return file;
  }

  open(url: string, onFail: () => void): void {
    const page = this.writePage(url);
    const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
    const child = spawn(opener, [pathToFileURL(page).href], { stdio: 'ignore', detached: true });
    child.on('error', onFail);
    child.unref();
  }

  dispose(): void {
    for (const page of this._pages.splice(0)) rmSync(page, { force: true });
  }
}
