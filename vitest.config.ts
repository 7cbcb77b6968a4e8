// SPDX-License-Identifier: MIT
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['electron/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Real ptys and shells on 2 cores: keep files sequential so timing stays sane.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // expect.poll gives up after 1 s by default: a wait for a state that became a race with
          // the clock on a loaded machine (CI at a load of 6-19). Playwright's own waits allow 30 s.
          expect: { poll: { timeout: 15_000 } },
          fileParallelism: false,
        },
      },
      {
        // The desktop app under a real Electron binary; only `npm run test:electron` (tests/electron/run.mjs)
        // runs it, after checking that a binary exists. Not part of `npm test`.
        test: {
          name: 'electron',
          include: ['tests/electron/**/*.electron.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
