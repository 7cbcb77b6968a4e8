// SPDX-License-Identifier: MIT
import { useCallback, useState, type ReactElement } from 'react';
import { focusActiveTerminal } from './terminal-focus';
import { closeTerminal, isBusy } from './terminals';
import { ConfirmDialog } from '../layout/confirm-dialog';

/**
 * Closing terminals (a pane, or every pane of a tab), asking first if one still runs something:
 * `requestClose` for the actions and the tab bar, and the dialog that asks, to be shown by the app
 * (undefined while nothing asks). `report` shows a failed close.
 */
export const useCloseConfirm = (report: (failure: unknown) => void) => {
  const [confirm, setConfirm] = useState<{ ids: readonly string[]; process: string } | undefined>();

  const requestClose = useCallback(async (ids: readonly string[]) => {
    const busy = await Promise.all(ids.map((id) => isBusy(id)));
    const process = busy.find((p) => p !== undefined);
    if (process) setConfirm({ ids, process });
    else {
      // The panes leave the page at once (the kill is answered later, slowly under load): the
      // terminal takes the keyboard now, not after the answer, when a menu or dialog opened
      // meanwhile has it.
      const closing = Promise.all(ids.map((id) => closeTerminal(id)));
      focusActiveTerminal();
      await closing;
    }
  }, []);

  const dialog: ReactElement | undefined = confirm && (
    <ConfirmDialog
      message={`“${confirm.process}” is still running ${confirm.ids.length > 1 ? 'in a pane of this tab' : 'here'}. Close it and end the process?`}
      confirmLabel="Close tab"
      onCancel={() => {
        setConfirm(undefined);
        focusActiveTerminal();
      }}
      onConfirm={() => {
        const { ids } = confirm;
        setConfirm(undefined);
        void Promise.all(ids.map((id) => closeTerminal(id))).then(focusActiveTerminal, report);
      }}
    />
  );
  return { requestClose, dialog };
};
