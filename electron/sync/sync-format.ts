// SPDX-License-Identifier: MIT
import { createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * What travels, once opened: records, segments and manifests. Every document read from the bucket
 * is checked against these schemas after its tag verifies (a device with the key could still be
 * another version of us, or buggy).
 */
const syncRecordSchema = z.object({
  id: z.string().min(1).max(200),
  sessionId: z.string().min(1).max(200),
  seq: z.number().int().nonnegative(),
  commandLine: z.string(),
  cwd: z.string().nullable(),
  hostname: z.string().nullable(),
  shell: z.string().nullable(),
  startedAt: z.number().int(),
  endedAt: z.number().int().nullable(),
  exitCode: z.number().int().nullable(),
  interrupted: z.boolean(),
  /** Absent when the group syncs command lines only. */
  output: z.string().nullable(),
  remote: z.object({ host: z.string(), user: z.string().nullable() }).nullable(),
});
export type SyncRecord = z.infer<typeof syncRecordSchema>;

export const segmentSchema = z.object({
  v: z.literal(1),
  device: z.string().min(1),
  records: z.array(syncRecordSchema),
});

/**
 * A device's own list of what it has written, rewritten (whole, then its old segments deleted)
 * after every push. `tombstones` are the ids of records forgotten on this device, whoever
 * recorded them: every device forgets them locally and the one holding them rewrites its segments.
 */
export const manifestSchema = z.object({
  v: z.literal(1),
  device: z.string().min(1),
  name: z.string(),
  updatedAt: z.number().int(),
  segments: z.array(z.object({ name: z.string().regex(/^[0-9a-f]{32}$/), count: z.number().int().nonnegative() })),
  tombstones: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * Object names: the bucket sees `PREFIX/check`, `PREFIX/m/<tag>` (one manifest per device) and
 * `PREFIX/s/<tag>/<random>` (segments); `<tag>` is an HMAC of the device's id under the names key,
 * the segment part 16 random bytes. No name holds a command, a path or a host name.
 */
export class SyncLayout {
  constructor(
    private readonly _prefix: string,
    private readonly _namesKey: Uint8Array,
  ) {}

  private _join(rest: string): string {
    return this._prefix === '' ? rest : `${this._prefix.replace(/\/+$/, '')}/${rest}`;
  }

  get check(): string {
    return this._join('check');
  }

  get manifests(): string {
    return this._join('m/');
  }

  deviceTag(deviceId: string): string {
    return createHmac('sha256', this._namesKey).update(deviceId).digest('hex').slice(0, 32);
  }

  manifest(deviceId: string): string {
    return this._join(`m/${this.deviceTag(deviceId)}`);
  }

  /** The prefix under which all of one device's segments live. */
  segments(deviceId: string): string {
    return this._join(`s/${this.deviceTag(deviceId)}/`);
  }

  segment(deviceId: string, name: string): string {
    return this._join(`s/${this.deviceTag(deviceId)}/${name}`);
  }

  static newSegmentName(): string {
    return randomBytes(16).toString('hex');
  }
}
