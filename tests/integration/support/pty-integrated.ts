// SPDX-License-Identifier: MIT
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import { Segmenter, type SegmentEvent } from '../../../electron/segmenter/segmenter';
import { defaultProbe } from '../../../electron/segmenter/shell-fallback';
import { shellLaunch } from '../../../electron/segmenter/shell-launch';
import { startPty, type Harness } from './pty-helpers';
import { INTEGRATION_DIR } from './segmenter-harness';

/**
 * An integrated shell started exactly as the app starts one: shellLaunch, then the node-pty host
 * (so under the exit-drain keeper), its output fed to a Segmenter with the session nonce.
 */
export interface IntegratedPty extends Harness {
  readonly nonce: string;
  readonly home: string;
  readonly events: SegmentEvent[];
  count(type: SegmentEvent['type']): number;
  /** Types `line` + Enter and waits for the next prompt. */
  run(line: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const startIntegratedPty = (shell: string, files: Record<string, string> = {}): IntegratedPty => {
  const nonce = newNonce();
  const home = mkdtempSync(join(tmpdir(), 'contexterm-int-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(home, name), content);
  const baseEnv = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8', USER: 'tester' };
  // Login-style, whatever this platform's default (Settings → Terminal): the fixtures' dotfiles are
  // login files (~/.bash_profile, ~/.profile); tests/integration/shells/login-shell.test.ts covers the choice.
  const launch = shellLaunch(shell, nonce, INTEGRATION_DIR, baseEnv, defaultProbe, true);
  const harness = startPty({ shell: launch.file, args: launch.args, env: launch.env, cwd: home });
  const segmenter = new Segmenter({ nonce });
  const events: SegmentEvent[] = [];
  harness.manager.observe({ bytes: (_id, direction, bytes) => direction === 1 && events.push(...segmenter.output(bytes).events) });
  const count = (type: SegmentEvent['type']) => events.filter((event) => event.type === type).length;

  const waitUntil = async (what: string, probe: () => boolean, timeoutMs: number): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output: ${JSON.stringify(harness.output().slice(-600))}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  return {
    ...harness,
    nonce,
    home,
    events,
    count,
    run: async (line, timeoutMs = 10_000) => {
      const prompts = count('prompt');
      harness.type(`${line}\r`);
      await waitUntil(`the prompt after ${line}`, () => count('prompt') > prompts, timeoutMs);
    },
    close: async () => {
      await harness.manager.killAll();
      rmSync(home, { recursive: true, force: true });
    },
  };
};

/** Waits for the first prompt of a freshly started integrated shell. */
export const firstPrompt = async (session: IntegratedPty, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (session.count('prompt') === 0) {
    if (Date.now() > deadline) throw new Error(`no signed prompt; output: ${JSON.stringify(session.output().slice(-600))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
