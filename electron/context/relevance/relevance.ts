// SPDX-License-Identifier: MIT
import type { SignalExplanation } from '../../../shared/ipc/context';
// The setting's default (Settings → Relevance): one number for the scorer and the settings.
import { DEFAULT_RELEVANCE_THRESHOLD } from '../../../shared/settings/assistant-entries';
import {
  CommandPatternSignal,
  CwdSignal,
  HostnameSignal,
  OutcomeSignal,
  placeOf,
  TimeProximitySignal,
  type QueryContext,
  type RelevanceSignal,
} from './relevance-signals';
import { toolsInPlay } from './toolchains';
import type { CommandRecord, CommandSource, SessionRow } from '../domain/ports';

export interface WeightedSignal {
  readonly signal: RelevanceSignal;
  readonly weight: number;
}

/** Place and time matter most; a shared host alone says little, a failure says a bit. */
export const defaultSignals = (halfLifeMs?: number): WeightedSignal[] => [
  { signal: new CwdSignal(), weight: 1 },
  { signal: new TimeProximitySignal(halfLifeMs), weight: 1 },
  { signal: new HostnameSignal(), weight: 0.5 },
  { signal: new CommandPatternSignal(), weight: 1 },
  { signal: new OutcomeSignal(), weight: 0.5 },
];

export interface ScoredCommand {
  readonly command: CommandRecord;
  readonly score: number;
}

/** Weighted mean of the signals, a threshold, and a per-signal explanation of every score. */
export class RelevanceScorer {
  private readonly _totalWeight: number;

  constructor(
    readonly signals: readonly WeightedSignal[] = defaultSignals(),
    readonly threshold = DEFAULT_RELEVANCE_THRESHOLD,
  ) {
    this._totalWeight = signals.reduce((sum, s) => sum + Math.max(0, s.weight), 0);
  }

  score(query: QueryContext, candidate: CommandRecord): number {
    if (this._totalWeight === 0) return 0;
    let sum = 0;
    for (const { signal, weight } of this.signals) {
      if (weight > 0) sum += weight * Math.min(1, Math.max(0, signal.score(query, candidate)));
    }
    return sum / this._totalWeight;
  }

  explain(query: QueryContext, candidate: CommandRecord): SignalExplanation[] {
    return this.signals.map(({ signal, weight }) => ({
      signal: signal.name,
      weight,
      score: Math.min(1, Math.max(0, signal.score(query, candidate))),
      detail: signal.explain(query, candidate),
    }));
  }

  /** Candidates at or above the threshold, best first; ties go to the newer command. */
  rank(query: QueryContext, candidates: readonly CommandRecord[]): ScoredCommand[] {
    const scored: ScoredCommand[] = [];
    for (const command of candidates) {
      const score = this.score(query, command);
      if (score >= this.threshold) scored.push({ command, score });
    }
    return scored.sort((a, b) => b.score - a.score || b.command.startedAt - a.command.startedAt);
  }
}

export interface CandidateOptions {
  /** Sessions still open or ended this recently take part (2 h). */
  readonly sessionWindowMs: number;
  /** How far back commands of those sessions are considered. */
  readonly lookbackMs: number;
  /** The newest this many commands in the window at most, so cost never follows history size. */
  readonly maxCandidates: number;
}

export const DEFAULT_CANDIDATE_OPTIONS: CandidateOptions = {
  sessionWindowMs: 2 * 60 * 60_000,
  lookbackMs: 24 * 60 * 60_000,
  maxCandidates: 2000,
};

export interface Candidates {
  readonly commands: CommandRecord[];
  /** The sessions that took part (active or recently ended). */
  readonly sessions: readonly SessionRow[];
}

/** Commands from active and recently ended sessions, through bounded queries only. */
export const gatherCandidates = async (
  source: Pick<CommandSource, 'listSessions' | 'commandsInWindow'>,
  nowMs: number,
  options: CandidateOptions = DEFAULT_CANDIDATE_OPTIONS,
  exclude: ReadonlySet<string> = new Set(),
): Promise<Candidates> => {
  const [sessions, commands] = await Promise.all([
    source.listSessions({ endedWithinMs: options.sessionWindowMs }),
    source.commandsInWindow({ sinceMs: nowMs - options.lookbackMs, limit: options.maxCandidates }),
  ]);
  const live = sessions.filter((s) => s.endedAt === null || s.endedAt >= nowMs - options.sessionWindowMs);
  const eligible = new Set(live.map((s) => s.id));
  return { commands: commands.filter((c) => eligible.has(c.sessionId) && !exclude.has(c.id)), sessions: live };
};

export interface QueryInput {
  readonly sessionId: string | null;
  readonly question: string;
  readonly nowMs: number;
  /** The active session's recent commands, oldest first. */
  readonly recent: readonly CommandRecord[];
  readonly session?: SessionRow | null;
}

/** Where the user is now: the latest known cwd and host of the active terminal, and the tools in play. */
export const buildQueryContext = (input: QueryInput): QueryContext => {
  const latest = (pick: (c: CommandRecord) => string | null) => {
    for (let i = input.recent.length - 1; i >= 0; i--) {
      const value = pick(input.recent[i]!);
      if (value) return value;
    }
    return null;
  };
  const { tools, families } = toolsInPlay(
    input.recent.map((c) => c.commandLine),
    input.question,
  );
  return {
    sessionId: input.sessionId,
    cwd: latest((c) => c.cwd) ?? input.session?.cwd ?? null,
    hostname: latest(placeOf) ?? input.session?.hostname ?? null,
    nowMs: input.nowMs,
    question: input.question,
    tools,
    families,
  };
};
