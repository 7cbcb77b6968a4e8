// SPDX-License-Identifier: MIT
import { InMemoryCommandSource } from './in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { seededRandom } from './token-samples';

const WORDS = ['build', 'error', 'warning', 'compile', 'test', 'failed', 'passed', 'module', 'import', 'server', 'request', 'timeout'];
const COMMANDS = [
  'cargo build',
  'cargo test',
  'npm test',
  'npm run build',
  'git status',
  'git log --oneline',
  'docker ps',
  'make',
  'pytest -x',
  'ls -la',
  'kubectl get pods',
];
const HOSTS = ['devbox', 'devbox', 'devbox', 'prod-1'];

export interface GeneratedData {
  readonly source: InMemoryCommandSource;
  readonly sessionIds: string[];
  readonly commandIds: string[];
}

/**
 * Random but reproducible terminal history for tests and benchmarks: sessions in a few projects,
 * commands with outputs from a few bytes to `maxOutputChars`, some failures, some secrets.
 */
export const generateHistory = (
  seed: number,
  options: { nowMs: number; sessions: number; commandsPerSession: number; maxOutputChars: number; spanMs: number },
): GeneratedData => {
  const rnd = seededRandom(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const source = new InMemoryCommandSource(() => options.nowMs);
  const sessionIds: string[] = [];
  const commandIds: string[] = [];
  for (let s = 0; s < options.sessions; s++) {
    const id = `s${s}`;
    sessionIds.push(id);
    const cwd = `/home/dev/${pick(['api', 'web', 'infra', 'docs'])}${rnd() < 0.3 ? '/src' : ''}`;
    const hostname = pick(HOSTS);
    source.addSession({
      id,
      cwd,
      hostname,
      startedAt: options.nowMs - options.spanMs,
      endedAt: rnd() < 0.2 ? options.nowMs - int(options.spanMs) : null,
    });
    for (let i = 0; i < options.commandsPerSession; i++) {
      const startedAt = options.nowMs - Math.floor(options.spanMs * (1 - (i + rnd()) / options.commandsPerSession));
      const size = rnd() < 0.1 ? int(options.maxOutputChars) : int(Math.min(2000, options.maxOutputChars));
      const lines: string[] = [];
      let length = 0;
      while (length < size) {
        const line =
          rnd() < 0.02 ? `export API_TOKEN=tok${int(1e9)}x${int(1e9)}` : Array.from({ length: 3 + int(8) }, () => pick(WORDS)).join(' ');
        lines.push(line);
        length += line.length + 1;
      }
      const output = lines.join('\n');
      source.addCommand(
        commandRecord({
          sessionId: id,
          seq: i,
          commandLine: rnd() < 0.05 ? null : pick(COMMANDS),
          cwd,
          hostname,
          startedAt,
          endedAt: startedAt + int(5000),
          exitCode: rnd() < 0.2 ? 1 : 0,
          outputStart: 0,
          outputEnd: output.length,
          outputSummary: lines.length > 4 ? [...lines.slice(0, 2), ...lines.slice(-2)].join('\n') : output,
        }),
        output,
      );
      commandIds.push(`${id}:${i}`);
    }
  }
  return { source, sessionIds, commandIds };
};
