// SPDX-License-Identifier: MIT
import { openJson } from './sealed';
import { manifestSchema, segmentSchema, type Manifest } from './sync-format';
import type { SyncContext, SyncReport } from './sync-context';
import { SyncError } from './sync-error';

/** A document opened and checked, or why not, as one line (a `tampered` object, reported, skipped). */
const read = async <T>(ctx: SyncContext, name: string, parse: (value: unknown) => T): Promise<T | undefined> => {
  const object = await ctx.backend.get(name);
  if (object === undefined) return undefined;
  const value = openJson(ctx.keys.seal, name, object);
  try {
    return parse(value);
  } catch {
    throw new SyncError('tampered', `${name} opened but is not a valid sync document`);
  }
};

const refuse = (report: SyncReport, error: unknown): void => {
  if (!(error instanceof SyncError) || error.code !== 'tampered') throw error;
  report.refused.push(error.message);
};

/**
 * Reads every other device's manifest, applies its tombstones (forgotten here as a local forget
 * is, and remembered so no segment brings them back), then inserts the records of segments not
 * seen yet. An object that fails its tag is reported and skipped, and stays unseen for next time.
 */
export const pull = async (ctx: SyncContext, report: SyncReport): Promise<void> => {
  const own = ctx.layout.manifest(ctx.deviceId);
  const names = (await ctx.backend.list(ctx.layout.manifests)).filter((name) => name !== own);
  report.devices = names.length + 1;
  for (const name of names) {
    let manifest: Manifest | undefined;
    try {
      manifest = await read(ctx, name, (value) => manifestSchema.parse(value));
    } catch (error) {
      refuse(report, error);
      continue;
    }
    if (manifest === undefined) continue; // removed by `sync off` since the listing
    if (ctx.layout.manifest(manifest.device) !== name) {
      report.refused.push(`${name} holds the manifest of another device`);
      continue;
    }
    const dead = manifest.tombstones.filter((id) => !ctx.tables.isDead(id));
    for (const id of dead) ctx.tables.rememberDead(id, ctx.now());
    if (dead.length > 0) report.forgotten += ctx.forget(dead);
    for (const segment of manifest.segments) {
      if (ctx.tables.hasSeen(manifest.device, segment.name)) continue;
      const objectName = ctx.layout.segment(manifest.device, segment.name);
      try {
        const body = await read(ctx, objectName, (value) => segmentSchema.parse(value));
        if (body === undefined) continue; // rewritten since the manifest was read: the next run gets the new one
        if (body.device !== manifest.device) throw new SyncError('tampered', `${objectName} holds another device's records`);
        report.pulled += ctx.tables.insertPulled(manifest.device, manifest.name, segment.name, body.records);
      } catch (error) {
        refuse(report, error);
      }
    }
  }
};
