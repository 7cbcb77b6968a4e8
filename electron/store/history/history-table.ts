// SPDX-License-Identifier: MIT
import type { ForgetRequest, HistoryUsage, RecordingStatus } from '../../../shared/ipc/history';
import type { Forgotten } from './forget';
import type { RetentionPolicy } from './policy';
import type { Retention } from './retention';

/** What the history table needs of the writer it runs beside. */
export interface HistoryHost {
  readonly retention: Retention;
  readonly status: RecordingStatus;
  /** Commits what is queued, so an operation sees (and removes) everything posted before it. */
  commit(): void;
}

/**
 * The store's history maintenance as a table (see protocol.ts's TableCall): usage, freeing space,
 * forgetting and the retention policy, run by the writer worker on its connection between commits.
 */
export class HistoryTable {
  constructor(private readonly _host: HistoryHost) {}

  usage(): HistoryUsage {
    return this._host.retention.usage();
  }

  /** Raw output stored now (a counter, no query): cheap enough to poll. */
  rawBytes(): number {
    return this._host.retention.raw.total;
  }

  freeSpace(): HistoryUsage & { freedBytes: number } {
    this._host.commit();
    return this._host.retention.freeSpace();
  }

  forget(request: ForgetRequest): Forgotten {
    this._host.commit();
    return this._host.retention.forget(request);
  }

  setPolicy(policy: RetentionPolicy): void {
    this._host.retention.setPolicy(policy);
  }

  status(): RecordingStatus {
    return this._host.status;
  }
}
