// SPDX-License-Identifier: MIT
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSshd, sshdAvailable, type Sshd } from '../../integration/support/sshd';
import { openApp, typeInTerminal, waitForTerminalText, type OpenApp } from '../support/app';

interface Notice {
  host: string;
  shell: string;
  outcome: 'integrated' | 'unsupported';
}

let sshd: Sshd | undefined;
let app: OpenApp | undefined;
let page: Page;
/** Every `ssh:notice` event this window got, read off its WebSocket. */
const notices: Notice[] = [];

/** A command line that prints `<word>-ok`; its echo (`… <word> ok`) never matches the marker. */
const say = (word: string) => `printf '%s-%s\\n' ${word} ok`;
const said = (word: string) => new RegExp(`^${word}-ok\\s*$`, 'm');

const items = () => page.getByTestId('command-item');
const itemWith = (text: string) => items().filter({ hasText: text });
const notice = () => page.getByTestId('ssh-notice');
const ssh = (host: string) => `ssh -F ${sshd!.configFile} ${host}`;

/** Types a line and waits until it printed its marker. */
const run = async (word: string) => {
  await typeInTerminal(page, `${say(word)}\n`);
  await waitForTerminalText(page, said(word));
};

/** `ssh <host>` typed at the prompt; resolves once the app answered with a notice for it. */
const login = async (host: string, outcome: Notice['outcome']) => {
  const before = notices.length;
  await typeInTerminal(page, `${ssh(host)}\n`);
  // A line typed before the notice would be read (and dropped) by the bootstrap: wait for it.
  await expect.poll(() => notices.slice(before).find((n) => n.host === host)?.outcome, { timeout: 20_000 }).toBe(outcome);
};

/**
 * `exit` from the remote shell; resolves once the ssh command has ended locally, so that what is
 * typed next reaches the local shell and is not forwarded by ssh to a shell that is going away.
 */
const logout = async (host: string) => {
  await typeInTerminal(page, 'exit\n');
  await expect.poll(() => itemWith(ssh(host)).last().getAttribute('data-exit-code'), { timeout: 15_000 }).not.toBe('');
};

beforeAll(async () => {
  if (!sshdAvailable()) return;
  sshd = await startSshd();
  app = await openApp({
    beforeLoad: (p) =>
      p.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (typeof payload !== 'string' || !payload.includes('"ssh:notice"')) return;
          const frame = JSON.parse(payload) as { t: string; channel: string; payload: Notice };
          if (frame.t === 'event' && frame.channel === 'ssh:notice') notices.push(frame.payload);
        }),
      ),
  });
  page = app.page;
  await run('ready');
});

afterAll(async () => {
  await app?.close();
  await sshd?.stop();
});

describe.skipIf(!sshdAvailable())('ssh host from an integrated prompt, in the UI', () => {
  it('says the integration is on, and shows remote commands with their host and local ones without', async () => {
    await login('ct-bash', 'integrated');
    const shown = page.locator('[data-testid="ssh-notice"][data-outcome="integrated"][data-host="ct-bash"]');
    await shown.waitFor();
    expect(await shown.innerText()).toContain('Recording commands on ct-bash');
    expect(await shown.getByTestId('ssh-notice-off').innerText()).toBe('Turn off for ct-bash');

    await run('remote1');
    const remote = itemWith(say('remote1'));
    await remote.waitFor({ timeout: 15_000 });
    await expect.poll(() => remote.getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    const badge = remote.getByTestId('command-host');
    await badge.waitFor();
    expect(await badge.getAttribute('data-host')).toBe('ct-bash');
    expect(await badge.innerText()).toContain('ct-bash');
    await page.screenshot({ path: '/tmp/ssh-e2e.png' });

    await logout('ct-bash');
    expect(await itemWith(ssh('ct-bash')).first().getByTestId('command-host').count()).toBe(0);
    await run('local1');
    const local = itemWith(say('local1'));
    await local.waitFor({ timeout: 15_000 });
    await expect.poll(() => local.getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    expect(await local.getByTestId('command-host').count()).toBe(0);
  });

  it('turns the integration off for a host from the notice: the next ssh is a plain session', async () => {
    // A fresh notice: the one from before may be gone already (the integrated one hides itself after a while).
    await login('ct-bash', 'integrated');
    const shown = page.locator('[data-testid="ssh-notice"][data-outcome="integrated"][data-host="ct-bash"]');
    await shown.getByTestId('ssh-notice-off').click();
    await expect.poll(() => shown.innerText()).toContain('Turned off for ct-bash');
    expect(await shown.getByTestId('ssh-notice-off').count()).toBe(0);
    // This session keeps its integration; it ends as usual.
    await run('still1');
    await expect
      .poll(() => itemWith(say('still1')).getByTestId('command-host').getAttribute('data-host'), { timeout: 15_000 })
      .toBe('ct-bash');
    await logout('ct-bash');
    await run('local2');
    await shown.getByTestId('ssh-notice-dismiss').click();
    await notice().waitFor({ state: 'detached' });

    const before = notices.length;
    const sshRows = itemWith(ssh('ct-bash'));
    const sshCount = await sshRows.count();
    await typeInTerminal(page, `${ssh('ct-bash')}\n`);
    await expect.poll(() => sshRows.count(), { timeout: 15_000 }).toBe(sshCount + 1);
    // No notice to wait for: wait for the remote prompt (ctbash@…$) on the last line, as a user would.
    await waitForTerminalText(page, /ctbash@[^\n]*\$\s*$/);
    await run('plain1');
    expect(notices.slice(before)).toEqual([]);
    expect(await notice().count()).toBe(0);
    await logout('ct-bash');
    await run('local3');
    const local = itemWith(say('local3'));
    await local.waitFor({ timeout: 15_000 });
    await expect.poll(() => local.getAttribute('data-exit-code'), { timeout: 10_000 }).toBe('0');
    // The remote command is output of the ssh record, not a record of its own, and nothing has a host.
    expect(await itemWith(say('plain1')).count()).toBe(0);
    expect(await sshRows.last().getByTestId('command-host').count()).toBe(0);
    expect(await local.getByTestId('command-host').count()).toBe(0);
    expect(notices.slice(before)).toEqual([]);
    expect(await notice().count()).toBe(0);

    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-page').waitFor();
    // The section list at the top has no SSH entry (yet): scroll to the section itself.
    const offHosts = page.getByTestId('ssh-off-hosts');
    await offHosts.scrollIntoViewIfNeeded();
    expect((await offHosts.inputValue()).split('\n')).toContain('ct-bash');
    expect(await page.getByTestId('ssh-integration').isChecked()).toBe(true);
    await page.getByTestId('settings-close').click();
    await page.getByTestId('settings-page').waitFor({ state: 'detached' });
  });

  it('says so where the remote login shell has no integration', async () => {
    await login('ct-dash', 'unsupported');
    const shown = page.locator('[data-testid="ssh-notice"][data-outcome="unsupported"][data-host="ct-dash"]');
    await shown.waitFor();
    expect(await shown.innerText()).toContain('(/bin/dash) is not bash, zsh or fish');
    expect(await shown.getByTestId('ssh-notice-off').count()).toBe(0);
    await run('dash1');
    await logout('ct-dash');
    await run('local4');
    await itemWith(say('local4')).waitFor({ timeout: 15_000 });
    // The whole dash session is output of the one ssh command.
    expect(await itemWith(say('dash1')).count()).toBe(0);
    expect(await itemWith(ssh('ct-dash')).getByTestId('command-host').count()).toBe(0);
  });
});
