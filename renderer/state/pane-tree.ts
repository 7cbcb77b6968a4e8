// SPDX-License-Identifier: MIT

/**
 * The split layout of one tab: leaves are terminals (pty ids), splits lay their children side by
 * side ('horizontal', split right) or stacked ('vertical', split down). Pure functions over
 * immutable trees, so the store and the tests share them.
 */
export type Orientation = 'horizontal' | 'vertical';

/** A terminal's place in a tab: a leaf of the tab's split tree, named by the terminal's pty id. */
interface Pane {
  readonly kind: 'leaf';
  readonly id: string;
}

/** Panes side by side or stacked; each child is a pane or a further split. */
interface Split {
  readonly kind: 'split';
  readonly orientation: Orientation;
  readonly children: readonly PaneNode[];
}

export type PaneNode = Pane | Split;

export const leaf = (id: string): PaneNode => ({ kind: 'leaf', id });

/** Terminal ids, left to right and top to bottom. */
export const leaves = (node: PaneNode): string[] => (node.kind === 'leaf' ? [node.id] : node.children.flatMap((child) => leaves(child)));

export const contains = (node: PaneNode, id: string): boolean =>
  node.kind === 'leaf' ? node.id === id : node.children.some((child) => contains(child, id));

/**
 * Puts `added` next to `target` (after it). Inside a split of the same orientation it becomes a
 * sibling, as iTerm2 and VS Code do, so three side-by-side panes share one row instead of nesting.
 */
export const split = (node: PaneNode, target: string, added: string, orientation: Orientation): PaneNode => {
  if (node.kind === 'leaf') {
    return node.id === target ? { kind: 'split', orientation, children: [node, leaf(added)] } : node;
  }
  const index = node.children.findIndex((child) => child.kind === 'leaf' && child.id === target);
  if (index !== -1 && node.orientation === orientation) {
    return { ...node, children: [...node.children.slice(0, index + 1), leaf(added), ...node.children.slice(index + 1)] };
  }
  return { ...node, children: node.children.map((child) => split(child, target, added, orientation)) };
};

/** Removes a terminal; a split left with one child gives way to it. Null when nothing is left. */
export const remove = (node: PaneNode, id: string): PaneNode | null => {
  if (node.kind === 'leaf') return node.id === id ? null : node;
  const children = node.children.map((child) => remove(child, id)).filter((child): child is PaneNode => child !== null);
  if (children.length === 0) return null;
  if (children.length === 1) return children[0]!;
  // A child split of the same orientation (after a collapse) merges into this one.
  const merged = children.flatMap((child) => (child.kind === 'split' && child.orientation === node.orientation ? child.children : [child]));
  return { ...node, children: merged };
};

/**
 * Where the keyboard goes when `gone` closes: the nearest pane that is left, the one before it
 * (left or above) first, as a closed pane's space goes to its neighbour.
 */
export const nearestSurvivor = (before: readonly string[], gone: string, left: readonly string[]): string | undefined => {
  const at = before.indexOf(gone);
  if (at === -1) return left[0];
  for (let distance = 1; distance < before.length; distance++) {
    for (const candidate of [before[at - distance], before[at + distance]])
      if (candidate !== undefined && left.includes(candidate)) return candidate;
  }
  return left[0];
};

/** A tree as stored (sessionStorage, a future restore): only known ids survive, shapes are checked. */
export const sanitize = (value: unknown, known: ReadonlySet<string>): PaneNode | null => {
  if (typeof value !== 'object' || value === null) return null;
  const node = value as { kind?: unknown; id?: unknown; orientation?: unknown; children?: unknown };
  if (node.kind === 'leaf') return typeof node.id === 'string' && known.has(node.id) ? leaf(node.id) : null;
  if (node.kind !== 'split' || (node.orientation !== 'horizontal' && node.orientation !== 'vertical') || !Array.isArray(node.children))
    return null;
  const children = node.children.map((child) => sanitize(child, known)).filter((child): child is PaneNode => child !== null);
  if (children.length === 0) return null;
  return children.length === 1 ? children[0]! : { kind: 'split', orientation: node.orientation, children };
};
