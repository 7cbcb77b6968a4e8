// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** mount(2) of a tmpfs works here (root with CAP_SYS_ADMIN, as in CI): a real, small, fillable disk. */
export const canMountTmpfs = ((): boolean => {
  if (process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'ct-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

export interface SmallDisk {
  readonly path: string;
  /** Fills the disk but `leaveKb` with a ballast file. */
  fill(leaveKb: number): void;
  /** Deletes the ballast: space comes back. */
  free(): void;
  unmount(): void;
}

export const mountSmallDisk = (megabytes: number): SmallDisk => {
  const path = mkdtempSync(join(tmpdir(), 'ct-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m,mode=0700`, 'tmpfs', path]);
  const ballast = join(path, 'ballast');
  return {
    path,
    fill: (leaveKb) =>
      execFileSync('sh', [
        '-c',
        `avail=$(df -k --output=avail "${path}" | tail -1); head -c $(( (avail - ${leaveKb}) * 1024 )) /dev/zero > "${ballast}"`,
      ]),
    free: () => rmSync(ballast, { force: true }),
    unmount: () => {
      execFileSync('umount', ['-l', path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
};
