// SPDX-License-Identifier: MIT
import { renameSync, writeFileSync } from 'node:fs';
import type { SshSettings } from '../../shared/ipc/ssh';

/**
 * The per-host choice, where the local shells' ssh helper (ssh/plan.sh) reads it on every `ssh`:
 * one host per line that is off, `*` for all. A file rather than the environment, so a change in
 * Settings applies to shells already open. Written whole and renamed into place (a reader never
 * sees half a file), mode 0600 like everything in the data directory.
 */
export const writeSshPrefs = (path: string, settings: SshSettings): void => {
  const lines = settings.integration ? settings.offHosts : ['*', ...settings.offHosts];
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, lines.map((host) => `${host}\n`).join(''), { mode: 0o600 });
  renameSync(temporary, path);
};
