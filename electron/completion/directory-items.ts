// SPDX-License-Identifier: MIT
import { opendir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { CompletionItem } from '../../shared/ipc/session';

/** The most paths one answer lists: a menu shows a screenful; typing narrows the rest. */
const MAX_PATHS = 200;
/** Entries read before giving up on finding more matches: a huge directory costs a bounded read (100,000 entries: ~0.1 s here). */
const MAX_SCANNED = 250_000;

/** A name as typed at a shell prompt: anything a shell would read specially gets a backslash. */
const escaped = (name: string): string => name.replace(/[^\w./~@%+=:,-]/gu, '\\$&');

/**
 * Files and folders matching the word being typed (`src/ma` → `src/main.ts`, `src/maps/`), read from
 * the terminal's directory. The directory is read as a stream (`opendir`, no stat per entry), never
 * held whole, and the read stops at MAX_PATHS matches or MAX_SCANNED entries: a directory of 100,000
 * files costs one streamed pass at most, off the main thread's way. Dotfiles only when the word
 * starts with a dot. A folder is inserted with its `/`, so the next Ctrl+Space lists inside it.
 */
export const directoryItems = async (cwd: string, word: string, only: 'files' | 'folders'): Promise<CompletionItem[]> => {
  const slash = word.lastIndexOf('/');
  const typedDir = slash < 0 ? '' : word.slice(0, slash + 1);
  const prefix = word.slice(slash + 1);
  const expanded = typedDir.startsWith('~/') ? join(homedir(), typedDir.slice(2)) : typedDir;
  const dir = isAbsolute(expanded) ? expanded : join(cwd, expanded);
  const items: CompletionItem[] = [];
  let scanned = 0;
  try {
    const handle = await opendir(dir, { bufferSize: 256 });
    for await (const entry of handle) {
      if (++scanned > MAX_SCANNED || items.length >= MAX_PATHS) break;
      if (!entry.name.startsWith(prefix) || (entry.name.startsWith('.') && !prefix.startsWith('.'))) continue;
      // A symlink to a folder is offered as a file: telling would cost a stat per entry.
      const folder = entry.isDirectory();
      if (only === 'folders' && !folder) continue;
      items.push({ text: `${typedDir}${escaped(entry.name)}${folder ? '/' : ''}`, kind: folder ? 'folder' : 'file' });
    }
    // Leaving the loop early closes the handle (the async iterator's return).
  } catch {
    // No such directory, or not readable: nothing to offer.
    return [];
  }
  return items.sort((a, b) => Number(b.kind === 'folder') - Number(a.kind === 'folder') || a.text.localeCompare(b.text));
};
