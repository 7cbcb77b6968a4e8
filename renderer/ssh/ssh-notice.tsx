// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import type { SshNotice } from '../../shared/ipc/ssh';
import { displayLine } from '../../shared/text/display-text';
import { api } from '../transport/api';
import { invoke } from '../transport/invoke';
import { withHostOff } from './ssh-form';

/** How long the "integration on" line stays; a fallback stays until dismissed. */
const INTEGRATED_MS = 10_000;

type Shown = { notice: SshNotice; turnedOff?: boolean | string };

const TEXT: Readonly<Record<SshNotice['outcome'], (notice: SshNotice) => string>> = {
  integrated: (n) => `Recording commands on ${n.host} (shell integration over ssh; nothing is left on the host)`,
  unsupported: (n) =>
    `ssh ${n.host}: the login shell there (${n.shell || 'unknown'}) is not bash, zsh or fish, so this session is recorded as one command.`,
  'no-shell': (n) =>
    `ssh ${n.host} ended without starting a shell for Contexterm's integration (a device, a menu, git hosting?). If plain ssh works there, turn it off for ${n.host}.`,
};

const turnOff = async (host: string): Promise<true | string> => {
  const current = await invoke('settings:get', {});
  if (!current.ok) return current.error.message;
  const saved = await invoke('settings:set', { ssh: withHostOff(current.value.ssh, host) });
  return saved.ok ? true : saved.error.message;
};

/**
 * One line above the terminal when `ssh host` asked for the integration: that the remote commands
 * are now recorded as the host's (with the choice to turn that off for the host), or that the
 * remote login shell has none and the session is recorded as one command, as before.
 */
export const SshNoticeLine = () => {
  const [shown, setShown] = useState<Shown | undefined>();

  useEffect(() => api.on('ssh:notice', (notice) => setShown({ notice })), []);

  useEffect(() => {
    if (shown?.notice.outcome !== 'integrated' || shown.turnedOff !== undefined) return;
    const timer = setTimeout(() => setShown(undefined), INTEGRATED_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  if (!shown) return null;
  const { notice, turnedOff } = shown;
  // The host as typed and the remote's shell name are shown with their controls as pictures; the
  // notice itself (data-host, the off list) keeps them as they are.
  const host = displayLine(notice.host);
  const text = TEXT[notice.outcome]({ ...notice, host, shell: displayLine(notice.shell) });
  // Where turning it off is the likely next step: on (to opt out) and a host with no shell for it.
  const offerOff = notice.outcome !== 'unsupported';
  return (
    <div
      className={`ssh-notice ${notice.outcome}`}
      data-testid="ssh-notice"
      data-outcome={notice.outcome}
      data-host={notice.host}
      role="status"
    >
      <span className="ssh-notice-text">
        {turnedOff === true ? `Turned off for ${host}: the next ssh ${host} is a plain session.` : text}
      </span>
      {typeof turnedOff === 'string' && <span className="field-error">{turnedOff}</span>}
      {offerOff && turnedOff !== true && (
        <button
          className="link-button"
          data-testid="ssh-notice-off"
          onClick={() => void turnOff(notice.host).then((result) => setShown({ notice, turnedOff: result }))}
        >
          Turn off for {host}
        </button>
      )}
      <button className="icon-button" aria-label="Dismiss" data-testid="ssh-notice-dismiss" onClick={() => setShown(undefined)}>
        ×
      </button>
    </div>
  );
};
