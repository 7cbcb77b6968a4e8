// SPDX-License-Identifier: MIT
import { useCallback, useEffect, useState } from 'react';
import type { ForgetRequest, HistoryUsage } from '../../../shared/ipc/history';
import { forgetSummary, formatBytes, plural, usageSummary } from '../../history/format';
import { forget } from '../../history/history-actions';
import { ConfirmDialog } from '../../layout/confirm-dialog';
import { invoke } from '../../transport/invoke';

const HOUR_MS = 60 * 60 * 1000;

interface Question {
  readonly message: string;
  readonly confirmLabel: string;
  readonly request: () => ForgetRequest;
}

const LAST_HOUR: Question = {
  message:
    'Forget everything recorded in the last hour? Commands, their output and search entries go, and so do their attachments in assistant conversations. This cannot be undone.',
  confirmLabel: 'Forget the last hour',
  // Taken when confirmed, not when asked: the hour before the click that decided it.
  request: () => ({ sinceMs: Math.max(0, Date.now() - HOUR_MS) }),
};

/** Names what goes, with the numbers the user just saw, so "everything" is not a guess. */
const everything = (usage: HistoryUsage | undefined): Question => ({
  message: `Forget everything recorded${
    usage
      ? `: ${plural(usage.commands, 'command')} from ${plural(usage.sessions, 'session')} with ${formatBytes(usage.rawBytes)} of raw output`
      : ''
  }? Their search entries and their attachments in assistant conversations go too. Open terminals keep running, and what they do from now on is recorded as before. This cannot be undone.`,
  confirmLabel: 'Forget everything',
  request: () => ({ sinceMs: 0 }),
});

type Busy = 'free' | 'forget' | undefined;

/**
 * The store's size and the actions that act at once (not on Save): give free space back, forget
 * the last hour, forget everything. Each reports what it did and re-reads the size.
 */
export const StoragePanel = () => {
  const [usage, setUsage] = useState<HistoryUsage | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [busy, setBusy] = useState<Busy>();
  const [question, setQuestion] = useState<Question | undefined>();

  const refresh = useCallback(async () => {
    const result = await invoke('history:usage', {});
    if (result.ok) {
      setUsage(result.value);
      setError(undefined);
    } else setError(`Storage use unknown: ${result.error.message}`);
  }, []);

  useEffect(() => void refresh(), [refresh]);

  const freeSpace = async () => {
    setBusy('free');
    setStatus(undefined);
    const result = await invoke('history:free-space', {});
    setBusy(undefined);
    if (!result.ok) return setError(`Could not free space: ${result.error.message}`);
    const { freedBytes, ...after } = result.value;
    setUsage(after);
    setError(undefined);
    setStatus(freedBytes > 0 ? `Freed ${formatBytes(freedBytes)}.` : 'Done: there was no space to free.');
  };

  const confirmForget = async (asked: Question) => {
    setQuestion(undefined);
    setBusy('forget');
    setStatus(undefined);
    const result = await forget(asked.request());
    setBusy(undefined);
    if (!result.ok) return setError(`Nothing was forgotten: ${result.error.message}`);
    setStatus(forgetSummary(result.value));
    await refresh();
  };

  return (
    <div className="storage-panel">
      <p className="storage-size" data-testid="storage-size" data-bytes={usage?.dbBytes ?? ''} aria-live="polite">
        {usage ? usageSummary(usage, Date.now()) : error ? '' : 'Reading storage use…'}
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="storage-error">
          {error}
        </p>
      )}
      <div className="storage-actions">
        <button
          className="small"
          data-testid="storage-free"
          disabled={busy !== undefined}
          title="Apply the saved limits now and give the free space inside the database back to the disk"
          onClick={() => void freeSpace()}
        >
          {busy === 'free' ? 'Freeing space…' : 'Free space now'}
        </button>
        <button
          className="small danger"
          data-testid="history-forget-hour"
          disabled={busy !== undefined}
          onClick={() => setQuestion(LAST_HOUR)}
        >
          Forget the last hour…
        </button>
        <button
          className="small danger"
          data-testid="history-forget-all"
          disabled={busy !== undefined}
          onClick={() => setQuestion(everything(usage))}
        >
          Forget everything…
        </button>
        {status && (
          <span className="storage-status" role="status" data-testid="storage-status">
            {status}
          </span>
        )}
      </div>
      {question && (
        <ConfirmDialog
          message={question.message}
          confirmLabel={question.confirmLabel}
          onCancel={() => setQuestion(undefined)}
          onConfirm={() => void confirmForget(question)}
        />
      )}
    </div>
  );
};
