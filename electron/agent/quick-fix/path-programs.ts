// SPDX-License-Identifier: MIT
import { readdir, stat } from 'node:fs/promises';
import { delimiter } from 'node:path';

interface Listed {
  readonly mtimeMs: number;
  readonly names: readonly string[];
}

/**
 * The program names on a PATH, for matching a program name typed wrong (`gti` → `git`). Listing
 * every PATH folder costs a few milliseconds and thousands of names, so each folder's listing is
 * kept and read again only when the folder's mtime changed (a package installed or removed):
 * asking again costs one stat per folder. Names are taken as listed, without checking each file's
 * mode: bin folders hold programs, and a stat per file would cost more than the listing.
 */
export class PathPrograms {
  private readonly _listed = new Map<string, Listed>();

  constructor(private readonly _path: () => string | undefined = () => process.env.PATH) {}

  async names(): Promise<ReadonlySet<string>> {
    const folders = [
      ...new Set((this._path() ?? '').split(delimiter).filter((folder) => folder.startsWith('/') || /^[A-Za-z]:[\\/]/.test(folder))),
    ];
    for (const gone of [...this._listed.keys()]) if (!folders.includes(gone)) this._listed.delete(gone);
    const names = new Set<string>();
    for (const folder of folders) for (const name of (await this._list(folder)).names) names.add(name);
    return names;
  }

  private async _list(folder: string): Promise<Listed> {
    const mtimeMs = await stat(folder).then(
      (info) => info.mtimeMs,
      () => -1,
    );
    const known = this._listed.get(folder);
    if (known && known.mtimeMs === mtimeMs) return known;
    const names = mtimeMs < 0 ? [] : await readdir(folder).catch(() => []);
    const listed = { mtimeMs, names };
    this._listed.set(folder, listed);
    return listed;
  }
}
