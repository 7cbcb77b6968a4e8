// SPDX-License-Identifier: MIT
import { useInsertGate } from './insert-state';

/**
 * The status line of the input gate: what it changed in the last insertion (controls removed) or
 * why it refused one. Stays until dismissed or the next insertion, so it is read, not missed.
 */
export const InsertNoticeLine = () => {
  const notice = useInsertGate((state) => state.notice);
  if (!notice) return null;
  return (
    <div className={`insert-notice ${notice.kind}`} data-testid="insert-notice" data-kind={notice.kind} role="status">
      <span className="insert-notice-text">{notice.text}</span>
      <button
        className="icon-button"
        aria-label="Dismiss"
        data-testid="insert-notice-dismiss"
        onClick={() => useInsertGate.getState().say(undefined)}
      >
        ×
      </button>
    </div>
  );
};
