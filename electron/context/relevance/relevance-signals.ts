// SPDX-License-Identifier: MIT
import { remotePlaceOf } from '../../../shared/domain/command';
import { displayLine } from '../../../shared/text/display-text';
import { toolchainOf } from './toolchains';
import type { CommandRecord } from '../domain/ports';

/** What a question is asked from: the active terminal, where and when. */
export interface QueryContext {
  readonly sessionId: string | null;
  readonly cwd: string | null;
  /** Where the terminal is now, as placeOf() names it (a remote shell's host while one runs). */
  readonly hostname: string | null;
  readonly nowMs: number;
  readonly question: string;
  readonly tools: ReadonlySet<string>;
  readonly families: ReadonlySet<string>;
}

/**
 * One dimension of relevance between the question's context and a recorded command.
 * Adding a dimension is one class implementing this. `score` runs for every candidate in the window,
 * so it must be cheap; `explain` runs only for entries a user looks at.
 */
export interface RelevanceSignal {
  readonly name: string;
  /** In [0, 1]. */
  score(query: QueryContext, candidate: CommandRecord): number;
  explain(query: QueryContext, candidate: CommandRecord): string;
}

const trimSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);
const parentOf = (path: string): string => {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
};

/** 1 in the same directory, 0.5 in a sibling or the direct parent/child, 0 elsewhere. */
export class CwdSignal implements RelevanceSignal {
  readonly name = 'cwd';

  score(query: QueryContext, candidate: CommandRecord): number {
    if (!query.cwd || !candidate.cwd) return 0;
    const a = trimSlash(query.cwd);
    const b = trimSlash(candidate.cwd);
    if (a === b) return 1;
    if (parentOf(a) === parentOf(b) || parentOf(a) === b || parentOf(b) === a) return 0.5;
    return 0;
  }

  explain(query: QueryContext, candidate: CommandRecord): string {
    if (!candidate.cwd) return 'directory unknown';
    const s = this.score(query, candidate);
    // An explanation is shown: the directory's controls as pictures (see displayLine).
    const cwd = displayLine(candidate.cwd);
    return s === 1 ? `same directory ${cwd}` : s > 0 ? `neighbouring directory ${cwd}` : `other directory ${cwd}`;
  }
}

/** Human age of a command for explanations and the catalog. */
export const formatAge = (ms: number): string => {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 90) return `${minutes} min ago`;
  return `${(minutes / 60).toFixed(1)} h ago`;
};

/** Exponential decay with the command's age: 1 now, 0.5 after one half-life. */
export class TimeProximitySignal implements RelevanceSignal {
  readonly name = 'time-proximity';

  constructor(readonly halfLifeMs = 30 * 60_000) {}

  private _age(query: QueryContext, candidate: CommandRecord): number {
    return Math.max(0, query.nowMs - (candidate.endedAt ?? candidate.startedAt));
  }

  score(query: QueryContext, candidate: CommandRecord): number {
    return Math.pow(0.5, this._age(query, candidate) / this.halfLifeMs);
  }

  explain(query: QueryContext, candidate: CommandRecord): string {
    return `${formatAge(this._age(query, candidate))} (half-life ${Math.round(this.halfLifeMs / 60_000)} min)`;
  }
}

/**
 * Where a command ran: the machine's name for a local one; for one run in a remote shell our ssh
 * integration started, the remote user and host and that it was over ssh. So `ssh localhost` work
 * is not mistaken for local work, nor one user's for another's on the same box.
 */
export const placeOf = (command: CommandRecord): string | null => remotePlaceOf(command) ?? command.hostname;

/**
 * 1 in the same place (host, and for remote work the ssh user), 0 in another. An unknown place
 * scores 0.5: most recordings without a hostname are local shells, but an ssh session without our
 * integration may be anywhere.
 */
export class HostnameSignal implements RelevanceSignal {
  readonly name = 'hostname';

  score(query: QueryContext, candidate: CommandRecord): number {
    const place = placeOf(candidate);
    if (!query.hostname || !place) return 0.5;
    return query.hostname === place ? 1 : 0;
  }

  explain(query: QueryContext, candidate: CommandRecord): string {
    const place = placeOf(candidate);
    if (!query.hostname || !place) return 'host unknown';
    return query.hostname === place ? `same host ${displayLine(place)}` : `other host ${displayLine(place)}`;
  }
}

/** 1 when the command runs a tool already in play, 0.6 for the same toolchain (npm vs npx), else 0. */
export class CommandPatternSignal implements RelevanceSignal {
  readonly name = 'command-pattern';

  score(query: QueryContext, candidate: CommandRecord): number {
    const tc = toolchainOf(candidate.commandLine);
    if (!tc) return 0;
    if (query.tools.has(tc.tool)) return 1;
    return tc.family !== null && query.families.has(tc.family) ? 0.6 : 0;
  }

  explain(query: QueryContext, candidate: CommandRecord): string {
    const tc = toolchainOf(candidate.commandLine);
    if (!tc) return 'no command line';
    if (query.tools.has(tc.tool)) return `uses ${tc.tool}, as your recent commands or question do`;
    if (tc.family !== null && query.families.has(tc.family)) return `same toolchain (${tc.family})`;
    return `${tc.tool}: no shared toolchain`;
  }
}

/** Failed commands are what most questions are about; an unknown exit code is neutral. */
export class OutcomeSignal implements RelevanceSignal {
  readonly name = 'outcome';

  score(_query: QueryContext, candidate: CommandRecord): number {
    if (candidate.exitCode === null) return 0.3;
    return candidate.exitCode === 0 ? 0 : 1;
  }

  explain(_query: QueryContext, candidate: CommandRecord): string {
    if (candidate.exitCode === null) return 'exit code unknown';
    return candidate.exitCode === 0 ? 'succeeded' : `failed with exit code ${candidate.exitCode}`;
  }
}
