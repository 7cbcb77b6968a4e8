// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyToPhrase } from '../../electron/sync/sync-keys';

const BIN = fileURLToPath(new URL('../../bin/contexterm', import.meta.url));

/** Bytes of every object s3rver stores under `directory` (it keeps each as `<key>._S3rver_object`). */
export const bucketBytes = (directory: string): number => {
  let total = 0;
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else if (name.endsWith('._S3rver_object')) total += info.size;
    }
  };
  walk(directory);
  return total;
};

const run = (args: readonly string[], env: Record<string, string>): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      stdio: 'ignore',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });

/**
 * Sync work beside the pipeline: until stopped, a new device joins the bucket and pulls all of it
 * with `bin/contexterm sync now`, over and over, in its own process (the app syncs in a worker, off
 * the output path; a process shares the two cores the same way).
 */
export const keepPulling = (options: { endpoint: string; bucket: string; key: Uint8Array; root: string; env: Record<string, string> }) => {
  const phrase = keyToPhrase(options.key);
  let stopped = false;
  let runs = 0;
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const dataDir = join(options.root, `puller-${i}`);
      mkdirSync(dataDir, { recursive: true });
      const where = ['--endpoint', options.endpoint, '--bucket', options.bucket, '--data-dir', dataDir];
      if ((await run(['sync', 'join', '--phrase', phrase, ...where], options.env)) !== 0)
        throw new Error('the background device could not join');
      if ((await run(['sync', 'now', '--data-dir', dataDir], options.env)) !== 0) throw new Error('the background sync failed');
      runs++;
    }
  })();
  return {
    runs: () => runs,
    stop: async (): Promise<void> => {
      stopped = true;
      await loop;
    },
  };
};
