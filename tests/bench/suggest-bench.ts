// SPDX-License-Identifier: MIT
/**
 * The inline suggestion's costs (issue 43, Speed).
 *
 * `suggest_p99_ms`: a keystroke's query to the suggestion ready, at 1,000,000 recorded commands:
 * Store.suggestLines in the reader worker (a message, the ranged seeks of queries/suggest-lines.ts)
 * and main's redaction check of the candidates, for every prefix of lines people type, in the
 * generated history's directory (every command is there: the busiest "here" tier), in another folder
 * of a repository around it, and elsewhere.
 *
 * `echo_p95_suggest_vs_off`: what the prompt-input model adds to a key's echo in the renderer: the
 * echo written into a headless xterm.js (the renderer's parser and buffer) and parsed, with the
 * model reading the line after it, against the same xterm without the model. The browser's drawing
 * of the ghost text is not in it (the ui suite's page echo does not run with history to suggest from).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import headless from '@xterm/headless';
import type { Terminal } from '@xterm/xterm';
import { Redactor } from '../../electron/context/redaction';
import { openStore } from '../../electron/store/store';
import { generateHistory } from '../../electron/store/testing/generate-history';
import { PromptInputModel } from '../../renderer/terminal/prompt-input/prompt-input-model';
import { percentile, round } from './stats';

/** CommonJS: its default export is the module (a named import fails under Node's ESM loader). */
const { Terminal: Headless } = headless;

const TYPED = [
  'git status',
  'npm run build',
  'docker compose up',
  'kubectl get pods',
  'cargo test',
  'ssh prod',
  'curl -s api',
  'pytest -k',
  'zzz-nothing',
];
const keystrokes = TYPED.flatMap((line) => Array.from({ length: line.length }, (_, i) => line.slice(0, i + 1)));

const time = async (run: () => unknown): Promise<number> => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

const benchQuery = async (commands: number): Promise<Record<string, number>> => {
  const dir = mkdtempSync(join(tmpdir(), 'ct-bench-suggest-'));
  try {
    generateHistory(join(dir, 'contexterm.db'), { commands, sessions: Math.max(1, Math.round(commands / 100)) });
    const { store } = await openStore({ dataDir: dir, integrityCheck: 'never', log: () => {} });
    const redactor = new Redactor();
    const times: number[] = [];
    let offered = 0;
    try {
      for (const prefix of keystrokes.slice(0, 40)) await store.suggestLines(prefix, '/home/dev', 8);
      // In the history's directory; in a folder of the same repository (its tier walks the other folders); elsewhere.
      const places: Array<[string, string | null]> = [
        ['/home/dev', null],
        ['/home/dev/sub', '/home'],
        ['/elsewhere', null],
      ];
      for (const [cwd, repository] of places) {
        for (const prefix of keystrokes) {
          times.push(
            await time(async () => {
              const lines = await store.suggestLines(prefix, cwd, 8, repository);
              if (lines.find(({ line }) => redactor.redact(line).text === line)) offered++;
            }),
          );
        }
      }
    } finally {
      await store.close();
    }
    return {
      suggest_p50_ms: round(percentile(times, 50), 2),
      suggest_p99_ms: round(percentile(times, 99), 2),
      suggest_offered: offered,
      suggest_commands: commands,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** A headless xterm at a prompt, with or without the model reading its line. */
const promptTerm = async (withModel: boolean) => {
  const term = new Headless({ cols: 120, rows: 30, scrollback: 1000, allowProposedApi: true }) as unknown as Terminal;
  const model = withModel ? new PromptInputModel(term) : undefined;
  const write = (data: string) => new Promise<void>((resolve) => term.write(data, resolve));
  model?.applyMark({ kind: 'prompt', commandId: null, exitCode: null });
  await write('\x1b[32muser@host\x1b[0m:~/src/project$ ');
  model?.applyMark({ kind: 'input-start', commandId: null, exitCode: null });
  await write('');
  let changes = 0;
  model?.onDidChange(() => changes++);
  return { term, write, changes: () => changes };
};

/**
 * Per key, the shell's echo of one letter written into both terminals in turn and parsed (the
 * line wiped every 30 letters, as Ctrl+U would): key by key, so a burst of load on this shared
 * machine lands on both sides alike.
 */
const benchEcho = async (keys: number): Promise<Record<string, number>> => {
  const off = await promptTerm(false);
  const on = await promptTerm(true);
  const times = { off: [] as number[], on: [] as number[] };
  for (let i = 0; i < keys; i++) {
    const echo = i % 30 === 29 ? '\b \b'.repeat(29) : String.fromCharCode(97 + (i % 26));
    const [first, second] = i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    times[first].push(await time(() => (first === 'off' ? off : on).write(echo)));
    times[second].push(await time(() => (second === 'off' ? off : on).write(echo)));
  }
  if (on.changes() === 0) throw new Error('the model never saw the line change');
  off.term.dispose();
  on.term.dispose();
  const p95Off = percentile(times.off, 95);
  const p95On = percentile(times.on, 95);
  return { echo_p95_off_ms: round(p95Off, 3), echo_p95_suggest_ms: round(p95On, 3), echo_p95_suggest_vs_off: round(p95On / p95Off, 3) };
};

export const benchSuggest = async (options: { quick?: boolean } = {}): Promise<Record<string, number>> => ({
  ...(await benchQuery(options.quick ? 100_000 : 1_000_000)),
  ...(await benchEcho(options.quick ? 3_000 : 12_000)),
});
