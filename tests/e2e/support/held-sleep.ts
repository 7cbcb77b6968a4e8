// SPDX-License-Identifier: MIT
import { readdirSync, readFileSync } from 'node:fs';

/**
 * A command that runs until the test ends it, for tests that must see something while a command
 * runs (a tab's title, a running row, a tab hidden before output comes). A `sleep 3` there is a
 * race: on a loaded machine the page can take longer than the three seconds to show what the test
 * waits for, and the command is over by then. The `sleep` here has a duration no other process
 * has (a unique fraction), so the test finds it in /proc and ends it once it saw what it needed.
 */
export interface HeldSleep {
  /** `sleep <unique seconds>`, to put on the command line. */
  readonly command: string;
  /** Ends the sleep (SIGTERM: the `sleep` fails with 143; add `; true` where success matters) once it runs. */
  end(): Promise<void>;
}

let made = 0;

const pidsOf = (argument: string): number[] => {
  const wanted = `sleep\0${argument}\0`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const line = readFileSync(`/proc/${entry}/cmdline`, 'latin1');
      if (line === wanted || line.endsWith(`/${wanted}`)) pids.push(Number(entry));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return pids;
};

export const heldSleep = (): HeldSleep => {
  made += 1;
  const argument = `${900 + made}.${process.pid}${Date.now() % 1000}`;
  return {
    command: `sleep ${argument}`,
    end: async () => {
      // Waits for the state (the sleep is running), never for a time; vitest's test timeout bounds it.
      for (;;) {
        const pids = pidsOf(argument);
        if (pids.length > 0) {
          for (const pid of pids) process.kill(pid, 'SIGTERM');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
};
