// SPDX-License-Identifier: MIT
import { ACTIONS, type ActionId, type ActionSpec } from '../../renderer/actions/catalog';
import { browserKeeps, displayCombo } from '../../renderer/actions/keys';

/** What the user guide says an action does, where its title alone says too little. */
const DETAILS: Partial<Record<ActionId, string>> = {
  palette: 'command palette: every action with its shortcut; type to filter, ↑/↓ and Enter run, Esc closes',
  'tab-close': 'close the focused pane (its tab with its last pane; asks first if a program is running); the tab’s × closes all its panes',
  'tab-new-private': 'new private tab (nothing it runs is recorded)',
  'tab-menu': 'the active tab’s menu (rename, pause recording, close)',
  'pane-split-right': 'split the focused pane right (also the ◫ button in the tab bar)',
  'pane-split-down': 'split the focused pane down (also the ⊟ button in the tab bar)',
  'pane-zoom': 'zoom the focused pane to the whole tab, and back',
  'pane-focus-left': 'move the keyboard to the pane on the left',
  'pane-focus-right': 'move the keyboard to the pane on the right',
  'pane-focus-up': 'move the keyboard to the pane above',
  'pane-focus-down': 'move the keyboard to the pane below',
  copy: 'copy the selection',
  paste:
    'paste through the input gate: control characters removed, several lines shown and confirmed first, one bracketed paste when the program asks for it (a drop of text does the same)',
  find: "find in the focused pane (the bar is drawn at that pane's top right and searches only its terminal; a match under the bar is scrolled clear of it, as far as there is scrollback above; Enter next, Shift+Enter previous, Esc closes; toggles for case, whole word, regex)",
  'command-previous': 'scroll to the previous command’s prompt',
  'command-next': 'scroll to the next command’s prompt',
  'assistant-toggle': 'show / hide the assistant',
  'side-toggle': 'show / hide the whole side pane (Commands and Assistant)',
  'focus-switch': 'move the focus between the terminal and the assistant’s question box',
  'font-bigger': 'bigger terminal font, in every terminal (kept across reloads; the base size is Settings → Terminal)',
  'font-smaller': 'smaller terminal font',
  'font-reset': 'terminal font back to the size in Settings',
  'completion-open':
    'completion menu at the cursor, only at the prompt of an integrated shell (elsewhere Ctrl+Space is the terminal’s): subcommands and options of the program being typed (its Fig completion spec), files and folders of the terminal’s directory, and your own past arguments for that program; typing filters it, ↑/↓ move, Enter or Tab insert the selected item (typed, not run), Esc closes. Local shells only: in an ssh session it says so and lists nothing',
  'completion-next': 'completion menu open: select the next item (with the menu closed, ↓ is the shell’s)',
  'completion-previous': 'completion menu open: select the previous item',
  'completion-page-down': 'completion menu open: a page down',
  'completion-page-up': 'completion menu open: a page up',
  'completion-accept':
    'completion menu open: insert the selected item (typed, not run); with the menu closed Enter and Tab are the shell’s',
  'completion-close': 'completion menu open: close it, leaving the line as typed',
  'suggestion-accept':
    'insert the rest of the dim suggestion from history (not run), only while one is shown at the end of the line; with none shown the keys are the shell’s (→ moves the cursor), and Tab always is. Settings → Terminal → *Suggestions from history as you type*',
  'suggestion-accept-word': 'insert one word of the shown suggestion (with none shown, Alt+→ is the shell’s)',
  'suggestion-hide': 'hide the shown suggestion until the line changes (with none shown, Esc goes to the shell, vi mode included)',
};

/** Mouse habits and keys that belong to one place rather than to an action. */
const OTHER_ROWS: readonly (readonly [string, string])[] = [
  ['Ctrl+click a link (Cmd+click on macOS)', 'open it; hold Ctrl to see links underlined. A plain click selects, as in VS Code'],
  [
    'right-click in a terminal',
    'copy, paste, select all, clear, split, zoom pane, close pane, find, and the actions of the command under the pointer (Shift+right-click while a program uses the mouse)',
  ],
  ['drag the edge between panes', 'resize them (arrow keys on a focused edge too)'],
  ['drag a tab', 'reorder tabs'],
  ['double-click a tab', 'rename it (Enter saves, Esc cancels, empty = automatic name)'],
  [
    'Ctrl+I (in a terminal)',
    'ask for a command in words: a box opens over the prompt; Enter inserts the answer there without running it (an answer of several lines is shown whole first), Esc closes; Ctrl+I again, before typing at the prompt, refines that command and replaces it (also “Ask for a command…” in the palette)',
  ],
  [
    'Ctrl+R (in a terminal at a prompt)',
    'search every recorded command, from all tabs and sessions (closed and remote ones too), fuzzy: filters Alt+D this directory, Alt+S this session, Alt+H this host, Alt+F failed only, Alt+T time range; ↑/↓ move, a preview shows the output; Esc closes. Only at the idle prompt of an integrated shell (elsewhere Ctrl+R is the shell’s or the program’s); Settings → Terminal gives it back to the shell (also “Search command history…” in the palette)',
  ],
  ['Enter (in the history search)', 'insert the selected command at the prompt without running it (through the input gate)'],
  [
    'Ctrl+Enter (in the history search)',
    'run the selected command at once (it is typed at the prompt with Enter), unless the input gate changed it or it has several lines: then it is only inserted',
  ],
  ['Esc (in the assistant)', 'stop the answer being written, else back to the terminal'],
  [
    'Enter / Esc (on a proposed step)',
    'run it / skip it: a step waiting for you takes the keyboard on Run when nothing else has it (after Send, or from an empty question box)',
  ],
];

const lower = (title: string): string => title[0]!.toLowerCase() + title.slice(1);

/** The user guide's "## Keys" section (docs/user-guide.md), generated from the action registry (tests/unit/docs-keys.test.ts checks it; UPDATE_DOCS=1 rewrites it). */
export const keysSection = (): string => {
  const bound = ACTIONS.filter((a: ActionSpec) => a.keys.length > 0);
  const unbound = ACTIONS.filter((a: ActionSpec) => a.keys.length === 0);
  const rows = bound.map((action: ActionSpec) => {
    const keys = action.keys.map((k) => displayCombo(k)).join(', ');
    const kept = action.keys.some((k) => browserKeeps(k) !== undefined);
    const browser =
      action.browserAlternative && (kept || action.id.startsWith('font-') || action.id === 'palette') ? action.browserAlternative : '';
    return `| ${keys} | ${DETAILS[action.id as ActionId] ?? lower(action.title)} | ${browser} |`;
  });
  const others = OTHER_ROWS.map(([keys, what]) => `| ${keys} | ${what} | |`);
  return [
    '## Keys',
    '',
    '| Keys | Action | In browser mode |',
    '|---|---|---|',
    ...rows,
    ...others,
    '',
    'In Settings, the search box filters the page by words ("No settings match" when none does), and closing with unsaved changes asks in the page: Keep editing (Enter, Esc) or Discard changes.',
    '',
    `In the palette, without a default shortcut: ${unbound
      .map((a: ActionSpec) => (a.perProfile ? `${lower(a.title)} (one entry per profile)` : lower(a.title)))
      .join(', ')}.`,
    '',
    'Every shortcut can be changed in Settings → Keys: Add records the next combination pressed. Combinations the terminal needs',
    'are refused: plain typing (F-keys and Menu excepted), Ctrl with a letter or another control character, Alt with anything but an',
    'F-key (the Meta key), and Ctrl+←/→/Backspace/Delete (word motion). One combination given to two actions must be resolved before saving.',
    'The suggestion’s keys, the completion menu’s and Ctrl+Space are taken only in their context (a suggestion shown; the menu open;',
    'an integrated prompt), so they may be keys the terminal uses elsewhere; only typing a character is refused for them, and Tab and',
    'Enter but for the menu.',
    '',
    'Browsers keep some shortcuts for themselves (Ctrl+Shift+T/W/N, Ctrl+Tab, Ctrl+PgUp/PgDn; Firefox also Ctrl+Shift+P), and some',
    'zoom the page on Ctrl+=/-/0; in browser mode use the alternatives above, the command palette (the ⌘ button in the top bar),',
    '`exit` in a pane, or install the page as an app.',
    '',
    '',
  ].join('\n');
};

/** `readme` with its "## Keys" section (up to the next "## " heading) replaced. */
export const withKeysSection = (readme: string, section = keysSection()): string => {
  const start = readme.indexOf('\n## Keys\n');
  if (start < 0) throw new Error('the user guide has no "## Keys" section');
  const next = readme.indexOf('\n## ', start + 1);
  return `${readme.slice(0, start + 1)}${section}${next < 0 ? '' : readme.slice(next + 1)}`;
};
