// SPDX-License-Identifier: MIT
import { existsSync, statSync } from 'node:fs';
import type { TerminalSettings } from '../../shared/ipc/settings';
import type { PaneNodeInput, WorkspaceLayout } from '../../shared/ipc/workspace';
import type { InvokeHandlers } from '../ipc/router';
import { newPtyId, type PtyManager } from '../pty/pty-manager';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import { plainScrollback } from './restored-scrollback';

/** What is kept of one pane between runs: where its shell was and which session recorded it. */
interface SavedPane {
  readonly sessionId: string;
  readonly cwd: string;
}

interface SavedWorkspace {
  readonly version: 1;
  readonly savedAt: number;
  readonly groups: WorkspaceLayout;
  readonly panes: Record<string, SavedPane>;
}

export interface WorkspaceDeps {
  readonly settings: { readonly current: { readonly terminal: TerminalSettings } };
  /** The settings table (the store's key-value table). */
  readonly kv: { get(key: string): Promise<string | undefined>; set(key: string, value: string): Promise<void> };
  /** A pane's live facts: where its shell is now; undefined for a private or unknown terminal. */
  readonly pane: (id: string) => SavedPane | undefined;
  /** The last bytes of a session's recorded output. */
  readonly tail: (sessionId: string, maxBytes: number) => Promise<Buffer>;
  /** Opens a terminal in `cwd` with `prelude` shown first; answers its id. */
  readonly spawn: (cwd: string | undefined, prelude: string) => string;
  readonly now?: () => number;
}

const KEY = 'workspace';
/** Enough scrollback to see where one was (a screenful or three), not a replay of the session. */
const RESTORED_BYTES = 64 * 1024;

const mapLeaves = (node: PaneNodeInput, map: (id: string) => string | undefined): PaneNodeInput | null => {
  if (node.kind === 'leaf') {
    const id = map(node.id);
    return id ? { kind: 'leaf', id } : null;
  }
  const children = node.children.map((child) => mapLeaves(child, map)).filter((c): c is PaneNodeInput => c !== null);
  if (children.length === 0) return null;
  return children.length === 1 ? children[0]! : { ...node, children };
};

const isDirectory = (path: string): boolean => existsSync(path) && statSync(path).isDirectory();

/**
 * Session restore: windows report their tabs and panes as they change (`workspace:save`, kept in
 * the store's settings table with each pane's cwd); a start with no terminals reopens them
 * (`workspace:restore`) in those directories with their earlier scrollback, dimmed above a
 * "restored" line. Private panes are never saved.
 */
export const workspaceHandlers = (deps: WorkspaceDeps): Pick<InvokeHandlers, 'workspace:save' | 'workspace:restore'> => {
  const now = deps.now ?? Date.now;
  let restored = false;
  return {
    'workspace:save': async ({ groups }) => {
      const panes: Record<string, SavedPane> = {};
      const kept = groups.flatMap((group) => {
        const root = mapLeaves(group.root, (id) => {
          const pane = deps.pane(id);
          if (pane) panes[id] = pane;
          return pane ? id : undefined;
        });
        return root ? [{ root, focus: panes[group.focus] ? group.focus : firstLeaf(root) }] : [];
      });
      const saved: SavedWorkspace = { version: 1, savedAt: now(), groups: kept, panes };
      await deps.kv.set(KEY, JSON.stringify(saved));
      return { saved: Object.keys(panes).length };
    },
    'workspace:restore': async ({ confirmed }) => {
      const mode = deps.settings.current.terminal.restore;
      // Once per run: a second window opening later must not reopen the tabs again.
      if (restored || mode === 'never') return { groups: [], waiting: 0 };
      const raw = await deps.kv.get(KEY);
      const saved = raw ? (JSON.parse(raw) as SavedWorkspace) : undefined;
      if (saved?.version !== 1) return { groups: [], waiting: 0 };
      if (mode === 'ask' && confirmed !== true) return { groups: [], waiting: Object.keys(saved.panes).length };
      restored = true;
      const date = new Date(saved.savedAt).toLocaleString();
      const fresh = new Map<string, string>();
      for (const [oldId, pane] of Object.entries(saved.panes)) {
        const tail = await deps.tail(pane.sessionId, RESTORED_BYTES).catch(() => Buffer.alloc(0));
        const prelude = plainScrollback(tail.toString('utf8'), `restored · ${pane.cwd} · ${date}`);
        fresh.set(oldId, deps.spawn(isDirectory(pane.cwd) ? pane.cwd : undefined, prelude));
      }
      const groups = saved.groups.flatMap((group) => {
        const root = mapLeaves(group.root, (id) => fresh.get(id));
        return root ? [{ root, focus: fresh.get(group.focus) ?? firstLeaf(root) }] : [];
      });
      return { groups, waiting: 0 };
    },
  };
};

const firstLeaf = (node: PaneNodeInput): string => (node.kind === 'leaf' ? node.id : firstLeaf(node.children[0]!));

/** The handlers over the real parts: the store's settings table and scrollback, live panes, the spawner. */
export const wireWorkspace = (parts: {
  readonly settings: WorkspaceDeps['settings'];
  readonly store: Store;
  readonly recorder: Recorder;
  readonly ptys: PtyManager;
  readonly spawn: (request: { cols: number; rows: number; cwd?: string }, id: string, prelude?: string) => unknown;
}) =>
  workspaceHandlers({
    settings: parts.settings,
    kv: parts.store.tables.settings,
    pane: (id) => {
      const pty = parts.ptys.get(id);
      if (!pty || pty.exit || parts.recorder.recording(id) === 'private') return undefined;
      return { sessionId: id, cwd: parts.recorder.live(id)?.cwd ?? pty.cwd };
    },
    tail: (sessionId, maxBytes) => parts.store.outputTail(sessionId, maxBytes),
    spawn: (cwd, prelude) => {
      const id = newPtyId();
      parts.spawn({ cols: 100, rows: 30, ...(cwd ? { cwd } : {}) }, id, prelude);
      return id;
    },
  });
