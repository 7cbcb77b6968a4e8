// SPDX-License-Identifier: MIT
// The mixed use the soak run repeats: phases a user goes through in an hour, each run by all eight
// tabs at once (seven WebSocket tabs and the real page) so the server's RSS before and after a phase
// says what that phase costs and what it leaves behind.
import { join } from 'node:path';
import type { ScriptedLlmServer } from '../fixtures/scripted-llm-server';
import type { PageTab } from './page-tab';
import { WsTab } from './ws-tab';

export interface Rig {
  readonly url: URL;
  readonly page: PageTab;
  /** The seven WebSocket tabs; `reopen` replaces some of them. */
  readonly tabs: WsTab[];
  readonly llm: ScriptedLlmServer;
  /** A directory with `big.log` (4 MB) and `small.log` (2 MB) and room for vim's files. */
  readonly workDir: string;
  readonly errors: string[];
}

export interface Phase {
  readonly name: string;
  run(rig: Rig): Promise<void>;
}

/** Runs every action, an error of one (a timeout, a failed invocation) recorded, not thrown. */
const all = async (rig: Rig, phase: string, actions: ReadonlyArray<Promise<unknown>>): Promise<void> => {
  for (const settled of await Promise.allSettled(actions)) {
    if (settled.status === 'rejected') {
      const message = settled.reason instanceof Error ? settled.reason.message : String(settled.reason);
      // A failed invocation is on the list already (WsTab.invoke).
      if (!rig.errors.some((error) => error.includes(message))) rig.errors.push(`${phase}: ${message.slice(0, 300)}`);
    }
  }
};

let reopened = 0;

export const PHASES: readonly Phase[] = [
  {
    name: 'flood',
    run: (rig) =>
      all(rig, 'flood', [
        ...rig.tabs.map((tab, i) =>
          tab.run(i % 2 === 0 ? `cat ${join(rig.workDir, 'small.log')}` : `head -c 4000000 ${join(rig.workDir, 'big.log')}`),
        ),
        rig.page.run(`head -c 300000 ${join(rig.workDir, 'big.log')}`),
      ]),
  },
  {
    name: 'seq',
    run: (rig) => all(rig, 'seq', [...rig.tabs.map((tab) => tab.run('seq 1 300000')), rig.page.run('seq 1 30000')]),
  },
  {
    name: 'assistant',
    run: async (rig) => {
      await all(rig, 'assistant', [
        rig.page.ask(rig.llm),
        ...rig.tabs.map((tab) => tab.run('uname -a; date; ls -la /usr/bin | tail -n 50')),
      ]);
      await all(rig, 'assistant', [rig.page.ask(rig.llm)]);
    },
  },
  {
    name: 'vim',
    run: (rig) =>
      all(
        rig,
        'vim',
        rig.tabs.map((tab, i) => tab.vim(join(rig.workDir, `notes-${i}.txt`))),
      ),
  },
  {
    name: 'yes',
    run: (rig) =>
      all(rig, 'yes', [
        ...rig.tabs.map((tab) => tab.run('yes "a line from yes, repeated" | head -n 100000')),
        rig.page.run('yes | head -n 5000'),
      ]),
  },
  {
    name: 'reload',
    run: (rig) => all(rig, 'reload', [rig.page.reload()]),
  },
  {
    name: 'reopen',
    run: async (rig) => {
      // Three of the seven, a different three each time: closed (terminal killed) and opened anew.
      const slots = [0, 1, 2].map((k) => (reopened * 3 + k) % rig.tabs.length);
      reopened++;
      await all(
        rig,
        'reopen',
        slots.map(async (slot) => {
          await rig.tabs[slot]!.close();
          rig.tabs[slot] = await WsTab.open(rig.url, rig.errors);
        }),
      );
    },
  },
];
