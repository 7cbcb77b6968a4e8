// SPDX-License-Identifier: MIT
import { openJson, sealJson } from './sealed';
import { manifestSchema, segmentSchema, SyncLayout, type Manifest, type SyncRecord } from './sync-format';
import type { SyncContext, SyncReport } from './sync-context';
import { SyncError } from './sync-error';

/** Records read from the store per round, and the JSON bytes one segment holds at most before sealing. */
const BATCH = 2000;
const SEGMENT_MAX_BYTES = 4 * 1024 * 1024;

const readOwnManifest = async (ctx: SyncContext): Promise<Manifest> => {
  const name = ctx.layout.manifest(ctx.deviceId);
  const object = await ctx.backend.get(name);
  const fresh: Manifest = { v: 1, device: ctx.deviceId, name: ctx.deviceName, updatedAt: ctx.now(), segments: [], tombstones: [] };
  if (object === undefined) return fresh;
  const parsed = manifestSchema.safeParse(openJson(ctx.keys.seal, name, object));
  if (!parsed.success || parsed.data.device !== ctx.deviceId)
    throw new SyncError('tampered', `this device's manifest ${name} is not valid`);
  return parsed.data;
};

const writeManifest = async (ctx: SyncContext, manifest: Manifest): Promise<void> => {
  const name = ctx.layout.manifest(ctx.deviceId);
  const next: Manifest = { ...manifest, name: ctx.deviceName, updatedAt: ctx.now(), tombstones: ctx.tables.ourTombstones() };
  await ctx.backend.put(name, sealJson(ctx.keys.seal, name, next));
};

/** Records cut into segments of at most SEGMENT_MAX_BYTES of JSON each (one record may exceed it alone). */
const cut = (records: readonly SyncRecord[]): SyncRecord[][] => {
  const parts: SyncRecord[][] = [];
  let part: SyncRecord[] = [];
  let size = 0;
  for (const record of records) {
    const bytes = Buffer.byteLength(JSON.stringify(record));
    if (part.length > 0 && size + bytes > SEGMENT_MAX_BYTES) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(record);
    size += bytes;
  }
  if (part.length > 0) parts.push(part);
  return parts;
};

const putSegment = async (ctx: SyncContext, records: readonly SyncRecord[]): Promise<string> => {
  const segment = SyncLayout.newSegmentName();
  const name = ctx.layout.segment(ctx.deviceId, segment);
  await ctx.backend.put(name, sealJson(ctx.keys.seal, name, { v: 1, device: ctx.deviceId, records }));
  return segment;
};

/**
 * This device's segments that hold a forgotten record are written again without it and the old
 * objects deleted: after this no object in the bucket holds its text. The manifest naming the new
 * segments is written before the old ones go, so a reader never finds a listed segment missing
 * for good (one that vanished between its reads is fetched on the next run, under its new name).
 */
const rewriteForgotten = async (ctx: SyncContext, manifest: Manifest, report: SyncReport): Promise<string[]> => {
  const listed = new Set(manifest.segments.map((segment) => segment.name));
  const stale = ctx.tables.segmentsHoldingDead().filter((segment) => listed.has(segment));
  const doomed: string[] = [];
  for (const old of stale) {
    const name = ctx.layout.segment(ctx.deviceId, old);
    const object = await ctx.backend.get(name);
    const records = object === undefined ? [] : segmentSchema.parse(openJson(ctx.keys.seal, name, object)).records;
    const kept = records.filter((record) => !ctx.tables.isDead(record.id));
    const keptIds = new Set(kept.map((record) => record.id));
    const dead = ctx.tables.idsIn(old).filter((id) => !keptIds.has(id));
    const next = kept.length > 0 ? await putSegment(ctx, kept) : undefined;
    manifest.segments = manifest.segments.filter((s) => s.name !== old);
    if (next !== undefined) manifest.segments.push({ name: next, count: kept.length });
    ctx.tables.moveSegment(
      kept.map((record) => record.id),
      dead,
      next,
    );
    doomed.push(name);
    report.rewritten++;
  }
  return doomed;
};

/**
 * What a run killed mid-push left behind, put right before anything new goes up. Only this device
 * writes under its prefix (one run at a time: the data dir's lock), so what it finds is its own:
 * - a segment the manifest lists but no record here is marked in (killed between the manifest and
 *   the marks): its ids are marked now, so they do not go up a second time;
 * - a segment object the manifest does not list (killed before the manifest): deleted, so no
 *   object outlives its records' forget unlisted.
 */
const recover = async (ctx: SyncContext, manifest: Manifest): Promise<void> => {
  for (const segment of manifest.segments) {
    if (ctx.tables.marksIn(segment.name)) continue;
    const name = ctx.layout.segment(ctx.deviceId, segment.name);
    const object = await ctx.backend.get(name);
    if (object === undefined) continue;
    const { records } = segmentSchema.parse(openJson(ctx.keys.seal, name, object));
    ctx.tables.markPushed(
      records.map((record) => record.id),
      segment.name,
      ctx.now(),
    );
  }
  const listed = new Set(manifest.segments.map((segment) => ctx.layout.segment(ctx.deviceId, segment.name)));
  for (const name of await ctx.backend.list(ctx.layout.segments(ctx.deviceId))) {
    if (!listed.has(name)) await ctx.backend.delete(name);
  }
};

/** New records up as new segments, forgotten ones out of the old, then this device's manifest. */
export const push = async (ctx: SyncContext, report: SyncReport): Promise<void> => {
  const manifest = await readOwnManifest(ctx);
  await recover(ctx, manifest);
  for (;;) {
    const records = ctx.tables.unpushed(BATCH, ctx.withOutput);
    if (records.length === 0) break;
    const written: Array<{ segment: string; ids: string[] }> = [];
    for (const part of cut(records)) {
      const segment = await putSegment(ctx, part);
      manifest.segments.push({ name: segment, count: part.length });
      written.push({ segment, ids: part.map((record) => record.id) });
    }
    // Listed before marked: killed in between, the next run's recover() marks them from the listed segment.
    await writeManifest(ctx, manifest);
    for (const { segment, ids } of written) ctx.tables.markPushed(ids, segment, ctx.now());
    report.pushed += records.length;
    // A short batch was the last: asking again would scan the whole history once more for nothing.
    if (records.length < BATCH) break;
  }
  const doomed = await rewriteForgotten(ctx, manifest, report);
  await writeManifest(ctx, manifest);
  for (const name of doomed) await ctx.backend.delete(name);
};
