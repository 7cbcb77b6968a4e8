// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { buildQueryContext, defaultSignals, gatherCandidates, RelevanceScorer, type WeightedSignal } from './relevance';
import {
  CommandPatternSignal,
  CwdSignal,
  HostnameSignal,
  TimeProximitySignal,
  type QueryContext,
  type RelevanceSignal,
} from './relevance-signals';
import { toolchainOf, toolsInPlay } from './toolchains';
import type { CommandRecord } from '../domain/ports';

const NOW = 1_750_000_000_000;
const MIN = 60_000;

const query = (overrides: Partial<QueryContext> = {}): QueryContext => ({
  sessionId: 'active',
  cwd: '/home/dev/api',
  hostname: 'devbox',
  nowMs: NOW,
  question: 'why does the build fail?',
  tools: new Set(['cargo']),
  families: new Set(['rust']),
  ...overrides,
});

const at = (minutesAgo: number, fields: Partial<CommandRecord> & { sessionId: string; seq: number }): CommandRecord =>
  commandRecord({ startedAt: NOW - minutesAgo * MIN - 2000, endedAt: NOW - minutesAgo * MIN, exitCode: 0, hostname: 'devbox', ...fields });

describe('signals', () => {
  it('cwd: 1 same directory, 0.5 sibling or parent, 0 elsewhere or unknown', () => {
    const s = new CwdSignal();
    const c = (cwd: string | null) => at(1, { sessionId: 'x', seq: 1, cwd });
    expect(s.score(query(), c('/home/dev/api/'))).toBe(1);
    expect(s.score(query(), c('/home/dev/web'))).toBe(0.5);
    expect(s.score(query(), c('/home/dev'))).toBe(0.5);
    expect(s.score(query(), c('/var/log'))).toBe(0);
    expect(s.score(query(), c(null))).toBe(0);
  });

  it('time proximity halves every half-life', () => {
    const s = new TimeProximitySignal(30 * MIN);
    expect(s.score(query(), at(0, { sessionId: 'x', seq: 1 }))).toBeCloseTo(1, 5);
    expect(s.score(query(), at(30, { sessionId: 'x', seq: 1 }))).toBeCloseTo(0.5, 5);
    expect(s.score(query(), at(60, { sessionId: 'x', seq: 1 }))).toBeCloseTo(0.25, 5);
    expect(new TimeProximitySignal(10 * MIN).score(query(), at(30, { sessionId: 'x', seq: 1 }))).toBeCloseTo(0.125, 5);
  });

  it('hostname: same 1, other 0, unknown 0.5', () => {
    const s = new HostnameSignal();
    expect(s.score(query(), at(1, { sessionId: 'x', seq: 1 }))).toBe(1);
    expect(s.score(query(), at(1, { sessionId: 'x', seq: 1, hostname: 'prod-1' }))).toBe(0);
    expect(s.score(query(), at(1, { sessionId: 'x', seq: 1, hostname: null }))).toBe(0.5);
  });

  it('hostname: remote work over ssh is its own place, even on a host with the same name', () => {
    const s = new HostnameSignal();
    const remote = at(1, { sessionId: 'x', seq: 1, hostname: 'devbox', remote: { host: 'dev', user: 'ci' } });
    expect(s.score(query(), remote)).toBe(0);
    expect(s.explain(query(), remote)).toBe('other host ci@devbox over ssh');
    // In a terminal whose latest command ran over ssh, the user is there: remote work is local to it.
    const there = buildQueryContext({ sessionId: 'x', question: 'why?', nowMs: NOW, recent: [remote] });
    expect(there.hostname).toBe('ci@devbox over ssh');
    expect(s.score(there, remote)).toBe(1);
    expect(s.score(there, at(1, { sessionId: 'x', seq: 2 }))).toBe(0);
  });

  it('command pattern: same tool 1, same toolchain 0.6, otherwise 0', () => {
    const s = new CommandPatternSignal();
    const c = (line: string) => at(1, { sessionId: 'x', seq: 1, commandLine: line });
    expect(s.score(query(), c('RUST_LOG=debug cargo test'))).toBe(1);
    expect(s.score(query(), c('sudo rustup update'))).toBe(0.6);
    expect(s.score(query(), c('npm test'))).toBe(0);
    expect(s.score(query({ tools: new Set(['npm']), families: new Set(['node']) }), c('npx vitest run'))).toBe(0.6);
  });

  it('finds the tool behind env assignments, wrappers and paths', () => {
    expect(toolchainOf('FOO=1 sudo -E time ./node_modules/.bin/vitest run')).toEqual({ tool: 'vitest', family: 'node' });
    expect(toolchainOf('timeout 30s kubectl logs web')).toEqual({ tool: 'kubectl', family: 'kubernetes' });
    expect(toolchainOf('./build.sh')).toEqual({ tool: 'build.sh', family: null });
    expect(toolchainOf(null)).toBeNull();
    const inPlay = toolsInPlay(['git status', null], 'is the docker build broken?');
    expect([...inPlay.tools].sort()).toEqual(['docker', 'git']);
    expect([...inPlay.families].sort()).toEqual(['container', 'git']);
  });
});

/** Three terminals, 50 commands each: the user's project, a sibling project, and a remote server. */
const threeSessions = (): InMemoryCommandSource => {
  const source = new InMemoryCommandSource(() => NOW);
  const sessions = [
    {
      id: 'api',
      cwd: '/home/dev/api',
      host: 'devbox',
      lines: ['cargo build', 'cargo test', 'git status', 'cargo clippy', 'vim src/main.rs'],
    },
    { id: 'web', cwd: '/home/dev/web', host: 'devbox', lines: ['npm run dev', 'npm test', 'git diff', 'npx eslint .', 'ls'] },
    {
      id: 'prod',
      cwd: '/var/log',
      host: 'prod-1',
      lines: ['journalctl -u api', 'kubectl get pods', 'tail -n 50 syslog', 'df -h', 'top -bn1'],
    },
  ];
  for (const s of sessions) {
    source.addSession({ id: s.id, hostname: s.host, cwd: s.cwd, startedAt: NOW - 120 * MIN, endedAt: null });
    for (let i = 0; i < 50; i++) {
      source.addCommand(
        at(100 - i * 2, {
          sessionId: s.id,
          seq: i,
          cwd: s.cwd,
          hostname: s.host,
          commandLine: s.lines[i % 5]!,
          exitCode: i % 7 === 0 ? 1 : 0,
        }),
        `output of ${s.lines[i % 5]}\n`,
      );
    }
  }
  return source;
};

describe('relevance over 3 sessions × 50 commands', () => {
  it('ranks the same project above the sibling project above the remote server', async () => {
    const source = threeSessions();
    const { commands: candidates } = await gatherCandidates(source, NOW);
    expect(candidates).toHaveLength(150);
    const scorer = new RelevanceScorer();
    const q = buildQueryContext({
      sessionId: 'active',
      question: 'why does cargo build fail?',
      nowMs: NOW,
      recent: [at(0, { sessionId: 'active', seq: 0, cwd: '/home/dev/api', commandLine: 'cargo build' })],
    });
    const mean = (sessionId: string) => {
      const mine = candidates.filter((c) => c.sessionId === sessionId);
      return mine.reduce((sum, c) => sum + scorer.score(q, c), 0) / mine.length;
    };
    expect(mean('api')).toBeGreaterThan(mean('web'));
    expect(mean('web')).toBeGreaterThan(mean('prod'));
    const ranked = scorer.rank(q, candidates);
    expect(ranked.slice(0, 20).every((r) => r.command.sessionId === 'api')).toBe(true);
    const worstApi = Math.min(...ranked.filter((r) => r.command.sessionId === 'api').map((r) => r.score));
    const prod = ranked.filter((r) => r.command.sessionId === 'prod');
    expect(prod.every((r) => r.score < worstApi)).toBe(true);
    // Only the remote server's very recent failures get in, on time and outcome alone.
    expect(prod.every((r) => r.command.exitCode !== 0)).toBe(true);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
    expect(ranked.every((r) => r.score >= scorer.threshold)).toBe(true);
  });

  it('follows the question: asking about kubectl lifts the remote session', () => {
    const source = threeSessions();
    const scorer = new RelevanceScorer();
    const pods = source.commandsByIds(['prod:49'])[0]!;
    const plain = buildQueryContext({ sessionId: 'active', question: 'what happened?', nowMs: NOW, recent: [] });
    const asked = buildQueryContext({ sessionId: 'active', question: 'why are the kubectl pods crashing?', nowMs: NOW, recent: [] });
    expect(pods.commandLine).toBe('top -bn1');
    const k8s = source.commandsByIds(['prod:46'])[0]!;
    expect(k8s.commandLine).toBe('kubectl get pods');
    expect(scorer.score(asked, k8s)).toBeGreaterThan(scorer.score(plain, k8s) + 0.2);
  });

  it('explains every score per signal, and the weighted explanation adds up to the score', () => {
    const scorer = new RelevanceScorer();
    const c = at(5, { sessionId: 'web', seq: 3, cwd: '/home/dev/web', commandLine: 'npm test', exitCode: 2 });
    const parts = scorer.explain(query(), c);
    expect(parts.map((p) => p.signal)).toEqual(['cwd', 'time-proximity', 'hostname', 'command-pattern', 'outcome']);
    expect(parts.find((p) => p.signal === 'outcome')!.detail).toBe('failed with exit code 2');
    expect(parts.find((p) => p.signal === 'cwd')!.detail).toBe('neighbouring directory /home/dev/web');
    const weighted = parts.reduce((s, p) => s + p.weight * p.score, 0) / parts.reduce((s, p) => s + p.weight, 0);
    expect(weighted).toBeCloseTo(scorer.score(query(), c), 10);
  });

  it('adding a signal is one class', () => {
    class SessionSignal implements RelevanceSignal {
      readonly name = 'same-session';
      score = (q: QueryContext, c: CommandRecord) => (c.sessionId === q.sessionId ? 1 : 0);
      explain = (q: QueryContext, c: CommandRecord) => (c.sessionId === q.sessionId ? 'this terminal' : 'another terminal');
    }
    const signals: WeightedSignal[] = [...defaultSignals(), { signal: new SessionSignal(), weight: 2 }];
    const scorer = new RelevanceScorer(signals, 0.1);
    const mine = at(30, { sessionId: 'active', seq: 1 });
    const other = at(30, { sessionId: 'other', seq: 1 });
    expect(scorer.score(query(), mine)).toBeGreaterThan(scorer.score(query(), other));
    expect(scorer.explain(query(), mine).at(-1)).toMatchObject({ signal: 'same-session', detail: 'this terminal' });
  });
});

describe('candidate sessions', () => {
  it('takes active and recently ended sessions, not expired ones', async () => {
    const source = new InMemoryCommandSource(() => NOW);
    source.addSession({ id: 'open', startedAt: NOW - 600 * MIN, endedAt: null });
    source.addSession({ id: 'recent', startedAt: NOW - 300 * MIN, endedAt: NOW - 90 * MIN });
    source.addSession({ id: 'expired', startedAt: NOW - 400 * MIN, endedAt: NOW - 150 * MIN });
    source.addCommand(at(200, { sessionId: 'open', seq: 1 }));
    source.addCommand(at(100, { sessionId: 'recent', seq: 1 }));
    source.addCommand(at(160, { sessionId: 'expired', seq: 1 }));
    source.addCommand(at(30 * 60, { sessionId: 'open', seq: 0 }));
    const ids = (await gatherCandidates(source, NOW)).commands.map((c) => c.id).sort();
    expect(ids).toEqual(['open:1', 'recent:1']);
    const wider = await gatherCandidates(source, NOW, { sessionWindowMs: 3 * 60 * MIN, lookbackMs: 48 * 60 * MIN, maxCandidates: 10 });
    expect(wider.commands.map((c) => c.id).sort()).toEqual(['expired:1', 'open:0', 'open:1', 'recent:1']);
  });

  it('caps candidates to the newest and leaves out excluded ids', async () => {
    const source = threeSessions();
    const { commands: few } = await gatherCandidates(
      source,
      NOW,
      { sessionWindowMs: 2 * 60 * MIN, lookbackMs: 24 * 60 * MIN, maxCandidates: 9 },
      new Set(['api:49']),
    );
    expect(few.length).toBe(8);
    expect(Math.min(...few.map((c) => c.startedAt))).toBeGreaterThanOrEqual(NOW - 6 * MIN - 2000);
  });
});
