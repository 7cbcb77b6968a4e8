// SPDX-License-Identifier: MIT

/**
 * Every app action, once: its id (what keybindings are stored under), its title (the palette and
 * Settings → Keys), its default shortcuts, and what a browser does with them. What each one does is
 * in `run-action.ts`, keyed by these ids (the compiler makes sure every action has a runner). Kept
 * apart so this list loads without a DOM: unit tests, the keybinding form and the README table.
 */
/**
 * Where a contextual shortcut is live (a minimal VS Code `when`): outside it the key is not taken and
 * goes on to the terminal, so Right still moves the shell's cursor and Esc still reaches vi mode.
 * `suggestionShown`: a dim suggestion is drawn at the end of the focused terminal's line;
 * `atPrompt`: the focused terminal waits at an integrated prompt whose line it can read;
 * `completionMenuOpen`: the completion menu is open over the focused terminal.
 */
export type KeyContext = 'suggestionShown' | 'atPrompt' | 'completionMenuOpen';

export interface ActionSpec {
  readonly id: string;
  readonly title: string;
  /** Default shortcuts, in `shared/settings/key-combos.ts` spelling; the first is the one shown. */
  readonly keys: readonly string[];
  /** More words the palette's filter matches (synonyms). */
  readonly keywords?: string;
  /** In browser mode the browser keeps these shortcuts: what to use instead. */
  readonly browserAlternative?: string;
  /** One palette entry per profile instead of one for the action; no shortcut. */
  readonly perProfile?: true;
  /** Its shortcuts are taken only in this context (else everywhere, before the terminal). */
  readonly when?: KeyContext;
  /** Not offered in the palette (the palette itself). */
  readonly hidden?: true;
}

export const ACTIONS = [
  {
    id: 'palette',
    title: 'Command palette',
    keys: ['Ctrl+Shift+P'],
    hidden: true,
    browserAlternative: 'the ⌘ button in the top bar (Firefox keeps Ctrl+Shift+P)',
  },
  {
    id: 'tab-new',
    title: 'New tab',
    keys: ['Ctrl+Shift+T'],
    keywords: 'terminal open',
    browserAlternative: 'the + in the tab bar, or the palette',
  },
  {
    id: 'tab-new-private',
    title: 'New private tab',
    keys: ['Ctrl+Shift+N'],
    keywords: 'incognito unrecorded',
    browserAlternative: 'the crossed-out eye in the tab bar, or the palette',
  },
  { id: 'tab-new-profile', title: 'New tab with profile', keys: [], perProfile: true },
  {
    id: 'tab-close',
    title: 'Close pane',
    keys: ['Ctrl+Shift+W'],
    keywords: 'tab kill exit',
    browserAlternative: 'a tab’s ×, `exit` in the pane, or the palette',
  },
  {
    id: 'tab-next',
    title: 'Next tab',
    keys: ['Ctrl+Tab', 'Ctrl+PageDown'],
    keywords: 'switch',
    browserAlternative: 'click the tab, or the palette',
  },
  {
    id: 'tab-previous',
    title: 'Previous tab',
    keys: ['Ctrl+Shift+Tab', 'Ctrl+PageUp'],
    keywords: 'switch',
    browserAlternative: 'click the tab, or the palette',
  },
  { id: 'tab-menu', title: 'Open tab menu', keys: ['ContextMenu', 'Shift+F10'], keywords: 'rename recording' },
  { id: 'pane-split-right', title: 'Split right', keys: ['Ctrl+Shift+D'], keywords: 'pane vertical' },
  { id: 'pane-split-down', title: 'Split down', keys: ['Ctrl+Shift+S'], keywords: 'pane horizontal' },
  { id: 'pane-zoom', title: 'Zoom pane', keys: ['Ctrl+Shift+Enter'], keywords: 'maximize pane' },
  { id: 'pane-focus-left', title: 'Focus pane left', keys: ['Ctrl+Alt+ArrowLeft'], keywords: 'move' },
  { id: 'pane-focus-right', title: 'Focus pane right', keys: ['Ctrl+Alt+ArrowRight'], keywords: 'move' },
  { id: 'pane-focus-up', title: 'Focus pane up', keys: ['Ctrl+Alt+ArrowUp'], keywords: 'move' },
  { id: 'pane-focus-down', title: 'Focus pane down', keys: ['Ctrl+Alt+ArrowDown'], keywords: 'move' },
  { id: 'copy', title: 'Copy', keys: ['Ctrl+Shift+C'], keywords: 'clipboard selection' },
  { id: 'paste', title: 'Paste', keys: ['Ctrl+Shift+V'], keywords: 'clipboard' },
  { id: 'select-all', title: 'Select all', keys: [], keywords: 'selection' },
  { id: 'clear', title: 'Clear terminal', keys: [], keywords: 'reset scrollback screen' },
  { id: 'find', title: 'Find in terminal', keys: ['Ctrl+Shift+F'], keywords: 'search' },
  { id: 'command-previous', title: 'Previous command', keys: ['Ctrl+ArrowUp'], keywords: 'jump prompt scroll' },
  { id: 'command-next', title: 'Next command', keys: ['Ctrl+ArrowDown'], keywords: 'jump prompt scroll' },
  { id: 'assistant-toggle', title: 'Show or hide the assistant', keys: ['Ctrl+Shift+A'], keywords: 'ai chat toggle' },
  { id: 'side-toggle', title: 'Show or hide the side pane', keys: ['Ctrl+Shift+B'], keywords: 'panel commands toggle' },
  { id: 'focus-switch', title: 'Switch focus between terminal and assistant', keys: ['Ctrl+Shift+E'], keywords: 'focus' },
  // Ctrl+I opens it in a terminal (renderer/inline-ask/inline-ask-key.ts): a control character, so not a bindable default.
  { id: 'inline-ask', title: 'Ask for a command…', keys: [], keywords: 'ai assistant words generate inline ctrl+i' },
  // Ctrl+R opens it at a prompt (renderer/history-search/history-search-overlay.tsx), for the same reason.
  { id: 'history-search', title: 'Search command history…', keys: [], keywords: 'ctrl+r reverse find recent previous run again' },
  // Ctrl+Space types NUL, so it is taken only at an integrated prompt (renderer/completion/completion-menu.tsx).
  {
    id: 'completion-open',
    title: 'Complete at the prompt…',
    keys: ['Ctrl+Space'],
    when: 'atPrompt',
    keywords: 'autocomplete suggest subcommand option file menu',
  },
  // The menu's keys, while it is open (renderer/completion/completion-menu.tsx); typing goes on to the shell and filters it.
  { id: 'completion-next', title: 'Completion menu: next item', keys: ['ArrowDown'], when: 'completionMenuOpen', hidden: true },
  { id: 'completion-previous', title: 'Completion menu: previous item', keys: ['ArrowUp'], when: 'completionMenuOpen', hidden: true },
  { id: 'completion-page-down', title: 'Completion menu: a page down', keys: ['PageDown'], when: 'completionMenuOpen', hidden: true },
  { id: 'completion-page-up', title: 'Completion menu: a page up', keys: ['PageUp'], when: 'completionMenuOpen', hidden: true },
  {
    id: 'completion-accept',
    title: 'Completion menu: insert the selected item',
    keys: ['Enter', 'Tab'],
    when: 'completionMenuOpen',
    hidden: true,
  },
  { id: 'completion-close', title: 'Completion menu: close', keys: ['Escape'], when: 'completionMenuOpen', hidden: true },
  // The suggestion's keys are the shell's whenever none is shown (renderer/terminal/suggest/suggestion-keys.ts).
  {
    id: 'suggestion-accept',
    title: 'Accept suggestion',
    keys: ['ArrowRight', 'End'],
    when: 'suggestionShown',
    hidden: true,
    keywords: 'inline history autosuggestion',
  },
  {
    id: 'suggestion-accept-word',
    title: 'Accept one word of the suggestion',
    keys: ['Alt+ArrowRight'],
    when: 'suggestionShown',
    hidden: true,
    keywords: 'inline history autosuggestion',
  },
  {
    id: 'suggestion-hide',
    title: 'Hide suggestion',
    keys: ['Escape'],
    when: 'suggestionShown',
    hidden: true,
    keywords: 'inline history autosuggestion dismiss',
  },
  { id: 'settings-open', title: 'Open settings', keys: [], keywords: 'preferences options keybindings' },
  {
    id: 'font-bigger',
    title: 'Bigger font',
    keys: ['Ctrl+=', 'Ctrl++'],
    keywords: 'zoom in text size increase',
    browserAlternative: 'the palette, if the browser zooms the page instead',
  },
  {
    id: 'font-smaller',
    title: 'Smaller font',
    keys: ['Ctrl+-'],
    keywords: 'zoom out text size decrease',
    browserAlternative: 'the palette, if the browser zooms the page instead',
  },
  {
    id: 'font-reset',
    title: 'Reset font size',
    keys: ['Ctrl+0'],
    keywords: 'zoom text size default',
    browserAlternative: 'the palette, if the browser zooms the page instead',
  },
] as const satisfies readonly ActionSpec[];

export type ActionId = (typeof ACTIONS)[number]['id'];

const BY_ID: ReadonlyMap<string, ActionSpec> = new Map(ACTIONS.map((action) => [action.id, action]));

export const actionSpec = (id: string): ActionSpec | undefined => BY_ID.get(id);

export const isActionId = (id: string): id is ActionId => BY_ID.has(id);

/** Actions that can have shortcuts (a per-profile action has one entry per profile, so none). */
export const bindableActions = (): readonly ActionSpec[] => ACTIONS.filter((action: ActionSpec) => !action.perProfile);
