// SPDX-License-Identifier: MIT
import { gateInsertion, refusalOf } from '../terminal/insert/insert-text';
import { useCommands } from '../state/commands';
import { useSettings } from '../state/settings';
import { activeTerminalId, terminalById } from '../state/workspace';
import { controllerFor } from '../terminal/terminals';
import { api } from '../transport/api';
import { invoke } from '../transport/invoke';
import { atIdlePrompt, nextTimeRange, placeOf, RESULT_LIMIT, toRequest, type ToggleFilter } from './history-search-logic';
import { useHistorySearch } from './history-search-state';

const state = () => useHistorySearch.getState();

/** Keystrokes closer together than this send one search: enough to skip a burst, too short to notice. */
const TYPING_DEBOUNCE_MS = 40;
/** ↑/↓ held down moves through many rows: read a preview only where the selection rests. */
const PREVIEW_DEBOUNCE_MS = 60;
/** The preview shows the end of the output, where a result usually is. */
const PREVIEW_LINES = 40;

let typing: ReturnType<typeof setTimeout> | undefined;
let previewing: ReturnType<typeof setTimeout> | undefined;
/** Numbers each search: an answer to an earlier one, overtaken meanwhile, is dropped. */
let latest = 0;

const commandsOf = (sessionId: string) => useCommands.getState().bySession[sessionId] ?? [];

/**
 * Whether Ctrl+R in `terminalId` opens the overlay: the setting leaves Ctrl+R to the app, and the
 * terminal runs an integrated shell sitting at its prompt (atIdlePrompt). Otherwise the key goes on
 * to the terminal as usual.
 */
export const ctrlROpensSearch = (terminalId: string): boolean => {
  if (useSettings.getState().view?.terminal.ctrlR === 'shell') return false;
  const terminal = terminalById(terminalId);
  if (!terminal || terminal.exited) return false;
  return atIdlePrompt(useCommands.getState().sessions[terminal.sessionId], commandsOf(terminal.sessionId));
};

const clearTimers = () => {
  clearTimeout(typing);
  clearTimeout(previewing);
};

/** Asks for what is typed and switched on now; only the latest question's answer is shown. */
const search = async (): Promise<void> => {
  clearTimeout(typing);
  const { terminalId, place, query, filters } = state();
  if (terminalId === null || place === null) return;
  const asked = ++latest;
  const result = await invoke('history:search', toRequest(query, filters, place, Date.now()));
  if (asked !== latest || state().terminalId !== terminalId) return;
  if (!result.ok) return state().failed(result.error.message);
  const { hits, total, totalExact } = result.value;
  state().answered(hits, total, totalExact, hits.length < RESULT_LIMIT);
  schedulePreview(0);
};

/** Rows from the end of what is loaded at which the next page is asked for. */
const LOAD_AHEAD = 10;

/**
 * The next page of the same question (offset: what is loaded), so the list reaches every match,
 * not only the first RESULT_LIMIT. Dropped if the question changed meanwhile.
 */
const loadMoreHistory = async (): Promise<void> => {
  const { terminalId, place, query, filters, hits, total, totalExact, exhausted, loadingMore, searching } = state();
  if (terminalId === null || place === null || exhausted || loadingMore || searching || hits.length === 0) return;
  if (totalExact && hits.length >= total) return;
  const asked = latest;
  state().moreAsked();
  const result = await invoke('history:search', { ...toRequest(query, filters, place, Date.now()), offset: hits.length });
  if (asked !== latest || state().terminalId !== terminalId) return;
  if (!result.ok) return state().failed(result.error.message);
  const page = result.value;
  state().appended(page.hits, page.total, page.totalExact, page.hits.length < RESULT_LIMIT);
};

/** Asks for the next page when the selection or the scroll comes within LOAD_AHEAD rows of the end. */
export const nearHistoryEnd = (index: number): void => {
  if (index >= state().hits.length - LOAD_AHEAD) void loadMoreHistory();
};

/** The selected command's output, from the store (its clean text, kept for search; else its summary). */
const loadPreview = async (): Promise<void> => {
  const hit = state().hits[state().selected];
  if (!hit) return state().previewed({ state: 'none' });
  const commandId = hit.command.id;
  state().previewed({ state: 'loading', commandId });
  const result = await invoke('commands:get', { id: commandId });
  const now = state().preview;
  if (now.state !== 'loading' || now.commandId !== commandId) return;
  if (!result.ok) return state().previewed({ state: 'failed', commandId, message: result.error.message });
  const text = (result.value.cleanOutput ?? result.value.command.outputSummary).replace(/\n+$/u, '');
  const lines = text.split('\n');
  state().previewed({ state: 'shown', commandId, text: lines.slice(-PREVIEW_LINES).join('\n'), truncated: lines.length > PREVIEW_LINES });
};

const schedulePreview = (delayMs = PREVIEW_DEBOUNCE_MS): void => {
  clearTimeout(previewing);
  previewing = setTimeout(() => void loadPreview(), delayMs);
};

/** Opens the overlay over a terminal (the active one by default) and lists the newest commands. */
export const openHistorySearch = (terminalId: string | undefined = activeTerminalId()): void => {
  const terminal = terminalId ? terminalById(terminalId) : undefined;
  if (!terminal || !controllerFor(terminal.id)) return;
  clearTimers();
  const { sessionId } = terminal;
  state().opened(terminal.id, placeOf(sessionId, useCommands.getState().sessions[sessionId], commandsOf(sessionId)));
  void search();
};

/** Closes the overlay and gives the keyboard back to its terminal. */
export const closeHistorySearch = (focus = true): void => {
  const { terminalId } = state();
  if (terminalId === null) return;
  clearTimers();
  latest++;
  state().closed();
  if (focus) controllerFor(terminalId)?.focus();
};

/** Asks again (something was forgotten meanwhile: the store no longer has it, so it leaves the list). */
export const refreshHistorySearch = (): void => {
  if (state().terminalId !== null) void search();
};

export const editHistoryQuery = (query: string): void => {
  state().edit(query);
  clearTimeout(typing);
  typing = setTimeout(() => void search(), TYPING_DEBOUNCE_MS);
};

/** Switches a filter (Alt+D, Alt+S, Alt+H, Alt+F), or moves to the next time range (Alt+T). */
export const toggleHistoryFilter = (filter: ToggleFilter | 'time'): void => {
  const { filters } = state();
  state().filtered(filter === 'time' ? { ...filters, time: nextTimeRange(filters.time) } : { ...filters, [filter]: !filters[filter] });
  void search();
};

export const setHistoryTimeRange = (time: ReturnType<typeof nextTimeRange>): void => {
  state().filtered({ ...state().filters, time });
  void search();
};

export const selectHistoryResult = (index: number): void => {
  const before = state().selected;
  state().select(index);
  if (state().selected !== before) schedulePreview();
  nearHistoryEnd(index);
};

/**
 * Puts the selected command at the terminal's prompt through the input gate (never run: several
 * lines or hidden characters are shown and confirmed first) and closes the overlay. `run` (Ctrl+Enter)
 * then sends Enter, but only when the gate typed the recorded line exactly as it is, on one line
 * and without asking: a changed or confirmed text stays at the prompt for the user to read.
 */
export const acceptHistoryResult = async (run: boolean): Promise<void> => {
  const { terminalId, hits, selected } = state();
  const line = hits[selected]?.command.commandLine;
  if (terminalId === null || !line) return;
  const controller = controllerFor(terminalId);
  if (!controller) return state().failed('This terminal is closed.');
  const refused = refusalOf(gateInsertion(line), controller.term.modes.bracketedPasteMode);
  if (refused) return state().failed(refused);
  closeHistorySearch(false);
  controller.focus();
  const { outcome, insertion } = await controller.insert(line, { title: 'From history' });
  const asIs = !insertion.changed && insertion.lines.length === 1 && insertion.hidden === 0;
  if (run && outcome === 'inserted' && asIs) api.send('pty:input', { id: terminalId, data: '\r' });
};
