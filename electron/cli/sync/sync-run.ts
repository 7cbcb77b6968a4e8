// SPDX-License-Identifier: MIT
// The `sync` commands: imported by main.ts only when one is asked for, so `--version` never loads
// the AWS SDK, the ciphers or SQLite. The sync itself is electron/sync/.
import { SyncError, type SyncErrorCode } from '../../sync/sync-error';
import type { SyncConfig } from '../../sync/sync-config';
import type { SyncReport } from '../../sync/sync-context';
import type { SyncCommand, SyncWhere } from './sync-args';
import { askApp, type AppReply } from './app-socket';
import { pendingCount, withWriter } from './sync-store';

const backendOf = (where: SyncWhere): SyncConfig['backend'] =>
  where.kind === 'folder'
    ? { kind: 'folder', path: where.path }
    : { kind: 's3', endpoint: where.endpoint, bucket: where.bucket, region: where.region };

const describe = (config: SyncConfig): string =>
  config.backend.kind === 'folder' ? `folder ${config.backend.path}` : `bucket ${config.backend.bucket} at ${config.backend.endpoint}`;

const summary = (report: SyncReport): string =>
  `pushed ${report.pushed}, pulled ${report.pulled}, forgot ${report.forgotten}, rewrote ${report.rewritten} segment(s); ${report.devices} device(s)`;

type Write = (text: string) => Promise<void>;

const setUp = async (command: Extract<SyncCommand, { kind: 'sync-init' | 'sync-join' }>, dataDir: string, write: Write): Promise<void> => {
  const { setUpSync } = await import('../../sync-service/sync-setup');
  const { config: next, phrase } = await setUpSync(dataDir, {
    backend: backendOf(command.where),
    prefix: command.prefix,
    commandsOnly: command.commandsOnly,
    deviceName: command.deviceName,
    ...(command.kind === 'sync-join' ? { phrase: command.phrase } : {}),
  });
  if (phrase === null)
    return write(`This device (${next.deviceName}) joined the sync group in ${describe(next)}. Run 'contexterm sync now' to sync.\n`);
  await write(
    `Sync is on for this device (${next.deviceName}) with ${describe(next)}.\n\n` +
      `Recovery phrase, shown this once: write it down. It is the only way to add a device or read the bucket again.\n\n` +
      `  ${phrase}\n\n` +
      `On another device: contexterm sync join --phrase "…" ${command.where.kind === 'folder' ? `--folder ${command.where.path}` : `--endpoint ${command.where.endpoint} --bucket ${command.where.bucket}`}${command.prefix ? ` --prefix ${command.prefix}` : ''}\n`,
  );
};

const loadSetUp = async (dataDir: string): Promise<{ config: SyncConfig; key: Uint8Array }> => {
  const { readConfig, FileKeyStore } = await import('../../sync/sync-config');
  const config = readConfig(dataDir);
  const key = config && new FileKeyStore(dataDir).load();
  if (!config || !key) throw new SyncError('not-set-up', `sync is not set up in ${dataDir}; run 'contexterm sync init' or 'sync join'`);
  return { config, key };
};

/** `sync now` answered by the running app: its run's report, or its failure as this CLI's own. */
const nowByApp = async (reply: AppReply, json: boolean, write: Write): Promise<void> => {
  const { state, report } = reply;
  if (state.state === 'failed')
    throw new SyncError((reply.code as SyncErrorCode | null) ?? 'unreachable', state.lastError ?? 'the sync failed');
  if (report) await write(json ? `${JSON.stringify(report)}\n` : `${summary(report)} (by the running app)\n`);
  if (report && report.refused.length > 0)
    throw new SyncError('tampered', `${report.refused.length} object(s) refused, the rest synced: ${report.refused.join('; ')}`);
};

const now = async (dataDir: string, json: boolean, write: Write): Promise<void> => {
  const { config, key } = await loadSetUp(dataDir);
  // The app runs on this data dir: it syncs, so its writer stays the only one (no lock taken here).
  const reply = await askApp(dataDir, 'now');
  if (reply) return nowByApp(reply, json, write);
  const { readStatus, writeStatus } = await import('../../sync/sync-config');
  const engine = await import('../../sync/sync-engine');
  const status = readStatus(dataDir);
  let report: SyncReport;
  const backend = await engine.openBackend(config.backend);
  try {
    report = await withWriter(dataDir, (db, forget) => engine.syncOnce({ db, backend, config, key, forget }));
  } catch (error) {
    writeStatus(dataDir, { ...status, lastError: (error as Error).message.split('\n')[0] ?? 'failed' });
    throw error;
  } finally {
    backend.close();
  }
  const at = Date.now();
  writeStatus(dataDir, { lastPushAt: at, lastPullAt: at, lastError: report.refused[0] ?? null, refused: report.refused });
  await write(json ? `${JSON.stringify(report)}\n` : `${summary(report)}\n`);
  if (report.refused.length > 0) {
    throw new SyncError('tampered', `${report.refused.length} object(s) refused, the rest synced: ${report.refused.join('; ')}`);
  }
};

const status = async (dataDir: string, json: boolean, write: Write): Promise<void> => {
  const { config } = await loadSetUp(dataDir);
  const { readStatus } = await import('../../sync/sync-config');
  const state = readStatus(dataDir);
  const live = await askApp(dataDir, 'status');
  const pending = live?.state.pending ?? pendingCount(dataDir);
  const app = live ? { app: live.state.state } : {};
  const out = {
    device: config.deviceName,
    deviceId: config.deviceId,
    where: describe(config),
    content: config.content,
    ...state,
    pending,
    ...app,
  };
  if (json) return write(`${JSON.stringify(out)}\n`);
  const when = (ms: number | null): string => (ms === null ? 'never' : new Date(ms).toISOString());
  return write(
    `device       ${out.device}\nsyncs with   ${out.where} (${out.content === 'output' ? 'commands with output' : 'commands only'})\n` +
      `last push    ${when(out.lastPushAt)}\nlast pull    ${when(out.lastPullAt)}\npending      ${pending ?? 'no database yet'}\n` +
      `last error   ${out.lastError ?? 'none'}\n` +
      (live ? `app          running, ${live.state.state}\n` : ''),
  );
};

const off = async (dataDir: string, write: Write): Promise<void> => {
  await loadSetUp(dataDir);
  if (await askApp(dataDir, 'off'))
    return write(
      `Sync is off on this device (the running app stopped it). The bucket was left as it is; the other devices keep syncing.\n`,
    );
  const { FileKeyStore, removeSetUp } = await import('../../sync/sync-config');
  const { forgetSyncState } = await import('../../sync/sync-engine');
  await withWriter(dataDir, async (db) => forgetSyncState(db));
  new FileKeyStore(dataDir).remove();
  removeSetUp(dataDir);
  await write(`Sync is off on this device. The bucket was left as it is; the other devices keep syncing.\n`);
};

/**
 * Runs one `sync` command in `dataDir` (main.ts chose it as for `history`), handing what it prints
 * to `write`. Failures are SyncErrors; cli-error.ts turns their codes into exit codes.
 */
export const runSync = async (command: SyncCommand, dataDir: string, write: Write): Promise<void> => {
  switch (command.kind) {
    case 'sync-init':
    case 'sync-join':
      return setUp(command, dataDir, write);
    case 'sync-now':
      return now(dataDir, command.json, write);
    case 'sync-status':
      return status(dataDir, command.json, write);
    case 'sync-off':
      return off(dataDir, write);
  }
};
