// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import type { HistorySearchRequest } from '../../shared/ipc/history';
import type { SessionInfo } from '../../shared/ipc/session';

export const TIME_RANGES = [
  { id: 'any', label: 'Any time', ms: undefined },
  { id: 'hour', label: 'Last hour', ms: 3_600_000 },
  { id: 'day', label: 'Last 24 hours', ms: 86_400_000 },
  { id: 'week', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: 'month', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]['id'];

/** The overlay's filters: each "this …" is the terminal's own, as it was when the overlay opened. */
export interface HistoryFilterState {
  readonly cwd: boolean;
  readonly session: boolean;
  readonly host: boolean;
  readonly failed: boolean;
  readonly time: TimeRange;
}
export type ToggleFilter = Exclude<keyof HistoryFilterState, 'time'>;

export const NO_FILTERS: HistoryFilterState = { cwd: false, session: false, host: false, failed: false, time: 'any' };

/** Where the terminal is: what "this directory / session / host" mean. */
export interface TerminalPlace {
  readonly sessionId: string;
  readonly cwd: string | null;
  readonly hostname: string | null;
}

/** Results asked for at each keystroke, and per page as the list scrolls on. */
export const RESULT_LIMIT = 50;

/** "No matches", "1 match", "1,234 matches", "4,000+ matches" (a lower bound: counting on would not be bounded). */
export const countText = (total: number, exact: boolean): string => {
  if (total === 0 && exact) return 'No matches';
  const number = `${total.toLocaleString('en-US')}${exact ? '' : '+'}`;
  return `${number} ${total === 1 && exact ? 'match' : 'matches'}`;
};

/** The request for what is typed and switched on. A filter whose value is unknown (no cwd yet) narrows nothing. */
export const toRequest = (query: string, filters: HistoryFilterState, place: TerminalPlace, now: number): HistorySearchRequest => {
  const range = TIME_RANGES.find((r) => r.id === filters.time)?.ms;
  return {
    query: query.slice(0, 500),
    limit: RESULT_LIMIT,
    ...(filters.cwd && place.cwd ? { cwd: place.cwd } : {}),
    ...(filters.session ? { sessionId: place.sessionId } : {}),
    ...(filters.host && place.hostname ? { host: place.hostname } : {}),
    ...(filters.failed ? { failed: true } : {}),
    ...(range !== undefined ? { since: Math.max(0, now - range) } : {}),
  };
};

/**
 * Where the terminal is now. Locally its session's directory and host, which follow `cd` (a command
 * records where it started, before its own `cd`); in an ssh session the newest command's, which
 * are the remote's (the session keeps the local ones).
 */
export const placeOf = (sessionId: string, session: SessionInfo | undefined, commands: readonly CommandRecord[]): TerminalPlace => {
  const last = commands.at(-1);
  if (last?.remote || !session)
    return { sessionId, cwd: last?.cwd ?? session?.cwd ?? null, hostname: last?.hostname ?? session?.hostname ?? null };
  return { sessionId, cwd: session.cwd || null, hostname: session.hostname || null };
};

/**
 * Whether Ctrl+R belongs to the overlay: the shell is integrated (its prompts are known) and nothing
 * runs (its newest command ended). Otherwise the key is the shell's or the program's, as usual.
 */
export const atIdlePrompt = (
  session: Pick<SessionInfo, 'mode'> | undefined,
  commands: readonly Pick<CommandRecord, 'endedAt'>[],
): boolean => {
  const last = commands.at(-1);
  return session?.mode === 'integrated' && (last === undefined || last.endedAt !== null);
};

/** The filter an Alt+letter in the overlay toggles (read from the physical key, as on any Latin layout). */
export const filterForKey = (event: {
  readonly code: string;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
}): ToggleFilter | 'time' | undefined => {
  if (!event.altKey || event.ctrlKey || event.metaKey) return undefined;
  const keys: Record<string, ToggleFilter | 'time'> = { KeyD: 'cwd', KeyS: 'session', KeyH: 'host', KeyF: 'failed', KeyT: 'time' };
  return keys[event.code];
};

/** The next time range (Alt+T cycles through them). */
export const nextTimeRange = (current: TimeRange): TimeRange => {
  const index = TIME_RANGES.findIndex((r) => r.id === current);
  return TIME_RANGES[(index + 1) % TIME_RANGES.length]!.id;
};

/** "just now", "12 min ago", "3 h ago", "4 d ago", then the date. */
export const whenText = (at: number, now: number): string => {
  const ago = Math.max(0, now - at);
  if (ago < 60_000) return 'just now';
  if (ago < 3_600_000) return `${Math.floor(ago / 60_000)} min ago`;
  if (ago < 86_400_000) return `${Math.floor(ago / 3_600_000)} h ago`;
  if (ago < 30 * 86_400_000) return `${Math.floor(ago / 86_400_000)} d ago`;
  return new Date(at).toISOString().slice(0, 10);
};

/** The command line cut into plain and matched runs, for highlighting (`matched`: code-unit indexes). */
export const highlightRuns = (line: string, matched: readonly number[]): { text: string; hit: boolean }[] => {
  const hits = new Set(matched);
  const runs: { text: string; hit: boolean }[] = [];
  for (let i = 0; i < line.length; i++) {
    const hit = hits.has(i);
    const last = runs.at(-1);
    if (last && last.hit === hit) runs[runs.length - 1] = { text: last.text + line[i]!, hit };
    else runs.push({ text: line[i]!, hit });
  }
  return runs;
};
