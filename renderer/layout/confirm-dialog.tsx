// SPDX-License-Identifier: MIT
import { useEffect, useRef } from 'react';

export interface ConfirmDialogProps {
  readonly message: string;
  readonly confirmLabel: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export const ConfirmDialog = ({ message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) => {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  return (
    <div className="dialog-backdrop" onClick={onCancel}>
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-label={message}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Only the dialog closes, not a page it was opened over (Settings closes on Escape too).
          event.stopPropagation();
          onCancel();
        }}
      >
        <p>{message}</p>
        <div className="dialog-buttons">
          <button onClick={onCancel}>Cancel</button>
          <button className="danger" ref={confirm} data-testid="confirm-close" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
};
