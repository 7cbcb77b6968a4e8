// SPDX-License-Identifier: MIT
import '../panes/panes.css';
import { savedUserWidth, sideWidth } from '../assistant/store/pane-width';
import { useLayout } from '../state/layout';
import { useWorkspace } from '../state/workspace';
import { whenDrawn, type DrawnTerm } from '../terminal/xterm/first-draw';

/** What the stand-in needs of the terminal's controller (terminal-controller.ts). */
export interface StagedView {
  readonly term: DrawnTerm;
  mount(container: HTMLElement): void;
  fit(): void;
  focus(): void;
}

/** How long the app waits for the window's start to answer before it loads without a drawn terminal. */
const START_CAP_MS = 400;
/** How long the app waits for a staged terminal's shell to print before it loads all the same. */
const DRAW_CAP_MS = 300;

let stage: HTMLElement | undefined;

const element = (tag: string, className: string, parent: HTMLElement): HTMLElement => {
  const node = document.createElement(tag);
  node.className = className;
  parent.append(node);
  return node;
};

/**
 * The window's layout around one terminal, empty but for the terminal's container: the same
 * elements and classes app.tsx and pane-layout.tsx draw (the top bar, the terminal pane, the side
 * pane at its saved width), so the terminal has the box it will have in the app and the app takes
 * it over without a resize. It carries the `terminal` hook, since it is the terminal on screen.
 */
const standIn = (id: string): { readonly root: HTMLElement; readonly container: HTMLElement } => {
  const root = document.createElement('div');
  root.className = 'app first-terminal';
  root.setAttribute('aria-busy', 'true');
  element('header', 'top-bar', root);
  const main = element('main', 'workspace', root);
  const pane = element('div', 'pane focused single', element('section', 'terminal-pane', main));
  const container = element('div', 'terminal-container', pane);
  container.dataset.testid = 'terminal';
  container.dataset.ptyId = id;
  if (useLayout.getState().sideOpen) element('aside', 'side-pane', main).style.width = `${sideWidth(savedUserWidth())}px`;
  return { root, container };
};

/**
 * Draws the window's first terminal before the app's code (React and the rest of the window) is
 * even evaluated: the terminal is what the user waits for at start-up, and the app costs the page's
 * one thread ~200 ms on this machine (measured: docs/benchmarks.md). Only a window whose active tab
 * shows one terminal is staged: a split would need the panes' layout code. Resolves once the
 * terminal drew its first output, or at the caps; the app then takes it over (endFirstTerminalStage).
 */
export const stageFirstTerminal = async (started: Promise<unknown>, viewOf: (id: string) => StagedView | undefined): Promise<void> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const answered = await Promise.race([
    started.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), START_CAP_MS))),
  ]);
  clearTimeout(timer);
  const { activeTerminalId: id, tabs } = useWorkspace.getState();
  const tab = tabs.find((candidate) => candidate.root.kind === 'leaf' && candidate.root.id === id);
  const view = id === undefined ? undefined : viewOf(id);
  if (!answered || !tab || tab.zoomed || !view || !id) return;
  const { root, container } = standIn(id);
  document.body.append(root);
  stage = root;
  view.mount(container);
  view.fit();
  view.focus();
  await new Promise<void>((resolve) => whenDrawn(view.term, DRAW_CAP_MS, resolve));
};

/** Puts `banner` in the stand-in under its top bar, where the app shows its banners; atop the page without one. */
export const placeInStage = (banner: HTMLElement): void => {
  const bar = stage?.querySelector('.top-bar');
  if (bar) bar.after(banner);
  else document.body.prepend(banner);
};

/**
 * Takes the stand-in away once the app drew the window (its first commit): the app's own pane
 * took the terminal's element over by then (TerminalView mounts it in a layout effect, so no frame
 * is painted between the two).
 */
export const endFirstTerminalStage = (): void => {
  stage?.remove();
  stage = undefined;
};
