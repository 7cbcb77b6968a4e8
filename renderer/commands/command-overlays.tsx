// SPDX-License-Identifier: MIT
import { useEffect } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { useCompare } from '../compare/compare-state';
import { lazyPart } from '../layout/lazy-part';
import { askFixes, hasFixes } from '../quick-fix/fix-availability';
import { OutputViewerHost } from './output-viewer';
import { useCommands } from '../state/commands';
import { onGutterMenu } from '../terminal/command-decorations';
import { onGutterQuickFix } from '../terminal/gutter-menu';
import { api } from '../transport/api';
import { useCommandMenu } from './command-menu';

/** `{sessionId}:{seq}` → the session id. */
const sessionOf = (commandId: string): string => commandId.slice(0, commandId.lastIndexOf(':'));

/** The record behind a gutter mark: from the list, or from the store when the list no longer holds it. */
const recordOf = async (commandId: string): Promise<CommandRecord | undefined> => {
  const listed = useCommands.getState().bySession[sessionOf(commandId)]?.find((c) => c.id === commandId);
  if (listed) return listed;
  const result = await api.invoke('commands:get', { id: commandId });
  return result.ok ? result.value.command : undefined;
};

/**
 * What command actions show outside the commands panel, mounted once for the whole window: the
 * actions menu of a gutter mark (right-click), its quick fixes (its lightbulb) and the full-output viewer, which must outlive the
 * panel (it may be hidden) and the menu that opened it.
 */
/** The comparison view (and the diff library) load on the first "compare", not with the page. */
const CompareHost = lazyPart(() => import('../compare/compare-view').then((m) => m.CompareHost));

export const CommandOverlays = () => {
  const comparing = useCompare((state) => state.command !== undefined);
  const menu = useCommandMenu({ floating: true });
  const { open, openQuickFix } = menu;
  useEffect(
    () =>
      onGutterMenu((commandId, at, mark) => {
        void recordOf(commandId).then((command) => command && open({ command, at, align: 'start', opener: mark }));
      }),
    [open],
  );
  // A failed command's lightbulb in the gutter: the same quick fixes as its row's.
  useEffect(
    () =>
      onGutterQuickFix(
        (commandId, at, opener) => {
          void recordOf(commandId).then((command) => command && openQuickFix({ command, at, align: 'start', opener }));
        },
        (commandId, then) => {
          const known = hasFixes(commandId);
          // Asked once; the mark is drawn again when the answer is in (then it is known: no ask, no loop).
          if (known === undefined) askFixes(commandId, then);
          return known;
        },
      ),
    [openQuickFix],
  );
  return (
    <>
      {menu.view}
      <OutputViewerHost />
      {comparing && <CompareHost />}
    </>
  );
};
