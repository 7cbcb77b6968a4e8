// SPDX-License-Identifier: MIT
import type { PaneNodeInput, TabNames, WorkspaceLayout } from '../../shared/ipc/workspace';

/**
 * What is kept of one pane between runs: where its shell was, which session recorded it, and
 * what it ran. `profileId` null is the plain shell; absent (a workspace saved before profiles were
 * kept) means "as a new tab would start".
 */
export interface SavedPane {
  readonly sessionId: string;
  readonly cwd: string;
  readonly profileId?: string | null;
  /** The profile's name when saved, so a pane whose profile was deleted can say which. */
  readonly profileName?: string;
}

/** The saved workspace, in the settings table. Version 1 without `names` or profiles is the older shape. */
export interface SavedWorkspace {
  readonly version: 1;
  readonly savedAt: number;
  /** Tabs in their order, each its split tree. */
  readonly groups: WorkspaceLayout;
  readonly panes: Record<string, SavedPane>;
  /** Tab names given by the user, by pty id. */
  readonly names?: TabNames;
}

export const WORKSPACE_KEY = 'workspace';

/** The saved value, or undefined for none, a damaged one or an unknown version. */
export const parseSaved = (raw: string | undefined): SavedWorkspace | undefined => {
  if (!raw) return undefined;
  try {
    const saved = JSON.parse(raw) as Partial<SavedWorkspace> | null;
    if (saved?.version !== 1 || !Array.isArray(saved.groups) || typeof saved.panes !== 'object' || saved.panes === null) return undefined;
    return { ...(saved as SavedWorkspace), names: typeof saved.names === 'object' && saved.names !== null ? saved.names : {} };
  } catch {
    return undefined;
  }
};

/** The tree with each leaf renamed by `map`; leaves it drops leave their split (null when none is left). */
const mapLeaves = (node: PaneNodeInput, map: (id: string) => string | undefined): PaneNodeInput | null => {
  if (node.kind === 'leaf') {
    const id = map(node.id);
    return id ? { kind: 'leaf', id } : null;
  }
  const children = node.children.map((child) => mapLeaves(child, map)).filter((c): c is PaneNodeInput => c !== null);
  if (children.length === 0) return null;
  return children.length === 1 ? children[0]! : { ...node, children };
};

const firstLeaf = (node: PaneNodeInput): string => (node.kind === 'leaf' ? node.id : firstLeaf(node.children[0]!));

/** Every group renamed by `map` (tabs in order, focus kept where it survives), and the names that follow. */
export const mapWorkspace = (
  groups: WorkspaceLayout,
  names: TabNames,
  map: (id: string) => string | undefined,
): { groups: WorkspaceLayout; names: TabNames } => {
  const mapped = groups.flatMap((group) => {
    const root = mapLeaves(group.root, map);
    return root ? [{ root, focus: map(group.focus) ?? firstLeaf(root) }] : [];
  });
  const renamed: Record<string, string> = {};
  for (const [id, name] of Object.entries(names)) {
    const to = map(id);
    if (to && typeof name === 'string' && name) renamed[to] = name;
  }
  return { groups: mapped, names: renamed };
};
