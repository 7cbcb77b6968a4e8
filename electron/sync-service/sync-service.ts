// SPDX-License-Identifier: MIT
import { Worker } from 'node:worker_threads';
import type { SyncState } from '../../shared/ipc/history';
import { resolveWorkerUrl } from '../runtime/worker-url';
import { readConfig, readStatus, type SyncConfig } from '../sync/sync-config';
import type { SyncReport } from '../sync/sync-context';
import { SyncError, type SyncErrorCode } from '../sync/sync-error';
import type { RunOutcome, SyncWorkerEvent, SyncWorkerInit } from './sync-messages';

export interface SyncServiceDeps {
  readonly dataDir: string;
  readonly dbPath: string;
  /** `sync.intervalSeconds`, read before each wait (a change applies from the next run). */
  readonly intervalSeconds: () => number;
  readonly changed: (state: SyncState) => void;
  /** Records forgotten because another device forgot them: the in-memory copies go too. */
  readonly forgotten: (commandIds: readonly string[], sessionIds: readonly string[]) => void;
  readonly log: (message: string) => void;
}

/** What the latest run did, or the code of its failure (`contexterm sync now` prints them). */
export interface LastRun {
  readonly report: SyncReport | null;
  readonly code: SyncErrorCode | null;
}

const describe = (config: SyncConfig): string =>
  config.backend.kind === 'folder' ? `folder ${config.backend.path}` : `bucket ${config.backend.bucket} at ${config.backend.endpoint}`;

/**
 * The app's sync: every `sync.intervalSeconds` and on demand (Settings, `contexterm sync now`), a
 * run in the sync worker (sync-worker.ts). Offline or failing, recording goes on as ever; the state
 * says `failed` with the reason and the next run catches up. Runs never overlap: a `now` during a
 * run waits for it and runs once more, so what was recorded meanwhile goes up too.
 */
export class SyncService {
  private _worker: Worker | undefined;
  private readonly _calls = new Map<number, { resolve: (outcome: RunOutcome | null) => void; reject: (error: Error) => void }>();
  private _nextId = 1;
  private _running: Promise<void> | null = null;
  private _again: Promise<void> | null = null;
  private _timer: NodeJS.Timeout | undefined;
  private _closed = false;
  private _syncing = false;
  private _error: string | null;
  private _failed = false;
  private _lastPushAt: number | null;
  private _lastPullAt: number | null;
  private _pending: number | null = null;
  private _devices: number | null = null;
  private _last: LastRun = { report: null, code: null };

  constructor(private readonly _deps: SyncServiceDeps) {
    const status = readStatus(_deps.dataDir);
    this._lastPushAt = status.lastPushAt;
    this._lastPullAt = status.lastPullAt;
    this._error = status.lastError;
    this._schedule();
  }

  state(): SyncState {
    let config: SyncConfig | undefined;
    try {
      config = readConfig(this._deps.dataDir);
    } catch (error) {
      return { ...this._figures(), state: 'failed', device: null, where: null, lastError: (error as Error).message };
    }
    if (!config)
      return { state: 'off', device: null, where: null, lastPushAt: null, lastPullAt: null, pending: null, lastError: null, devices: null };
    const state = this._syncing ? 'syncing' : this._failed ? 'failed' : 'idle';
    return { ...this._figures(), state, device: config.deviceName, where: describe(config) };
  }

  lastRun(): LastRun {
    return this._last;
  }

  /** One run now (after the one going on); fails with `not-set-up` when sync is off here. */
  async now(): Promise<SyncState> {
    if (this.state().state === 'off')
      throw new SyncError('not-set-up', "Sync is not set up on this device: run 'contexterm sync init' or 'sync join' first.");
    if (this._running) {
      this._again ??= this._running.then(() => {
        this._again = null;
        return this._run();
      });
      await this._again;
    } else await this._run();
    return this.state();
  }

  /** The interval changed in Settings: the wait going on restarts with it (a run going on is left alone). */
  reschedule(): void {
    if (!this._running) this._schedule();
  }

  /** Stops syncing here: what sync kept goes, the key and set-up files go; the bucket stays. */
  async off(): Promise<SyncState> {
    await this._running;
    await this._ask('off');
    this._failed = false;
    this._error = null;
    this._pending = null;
    this._devices = null;
    this._lastPushAt = this._lastPullAt = null;
    this._last = { report: null, code: null };
    this._emit();
    return this.state();
  }

  /**
   * Stops at once, a run included: its open transaction rolls back with its connection, an upload
   * cut short leaves no object (the backends are whole-or-absent), and the next start syncs again.
   */
  async close(): Promise<void> {
    this._closed = true;
    clearTimeout(this._timer);
    await this._worker?.terminate();
  }

  private _figures() {
    return {
      lastPushAt: this._lastPushAt,
      lastPullAt: this._lastPullAt,
      pending: this._pending,
      lastError: this._error,
      devices: this._devices,
    };
  }

  private _schedule(): void {
    clearTimeout(this._timer);
    if (this._closed) return;
    this._timer = setTimeout(() => {
      // Set up from the CLI while the app runs: picked up at the next tick.
      if (this.state().state === 'off') this._schedule();
      else if (!this._running) void this._run();
    }, this._deps.intervalSeconds() * 1000);
    this._timer.unref();
  }

  private _run(): Promise<void> {
    clearTimeout(this._timer);
    this._syncing = true;
    this._emit();
    const run = this._ask('run').then(
      (outcome) => {
        this._failed = false;
        this._last = { report: outcome?.report ?? null, code: null };
        if (!outcome) return;
        this._lastPushAt = this._lastPullAt = outcome.at;
        this._pending = outcome.pending;
        this._devices = outcome.report.devices;
        this._error = outcome.report.refused[0] ?? null;
      },
      (error: Error) => {
        this._failed = true;
        this._error = error.message;
        this._last = { report: null, code: error instanceof SyncError ? error.code : null };
        this._deps.log(`sync: ${error.message}`);
      },
    );
    this._running = run.finally(() => {
      this._syncing = false;
      this._running = null;
      this._schedule();
      this._emit();
    });
    return this._running;
  }

  private _emit(): void {
    if (!this._closed) this._deps.changed(this.state());
  }

  private async _ask(type: 'run' | 'off'): Promise<RunOutcome | null> {
    const worker = await this._start();
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._calls.set(id, { resolve, reject });
      worker.postMessage({ type, id });
    });
  }

  private async _start(): Promise<Worker> {
    if (this._worker) return this._worker;
    const init: SyncWorkerInit = { dataDir: this._deps.dataDir, dbPath: this._deps.dbPath };
    const worker = new Worker(await resolveWorkerUrl('sync-worker', 'electron/sync-service/sync-worker.ts'), { workerData: init });
    worker.unref();
    worker.on('message', (event: SyncWorkerEvent) => {
      if (event.type === 'forgotten') return this._deps.forgotten(event.commandIds, event.sessionIds);
      const call = this._calls.get(event.id);
      this._calls.delete(event.id);
      if (event.type === 'done') call?.resolve(event.outcome);
      else call?.reject(event.code === 'internal' ? new Error(event.message) : new SyncError(event.code, event.message));
    });
    // A crashed worker fails what it was doing; the next run starts a new one.
    worker.on('error', (error) => this._deps.log(`sync: worker failed: ${error.message}`));
    worker.on('exit', () => {
      if (this._worker === worker) this._worker = undefined;
      for (const call of this._calls.values()) call.reject(new Error('the sync worker stopped'));
      this._calls.clear();
    });
    this._worker = worker;
    return worker;
  }
}
