// SPDX-License-Identifier: MIT
import * as nodePty from 'node-pty';
import { afterAll, describe, expect, it } from 'vitest';
import { keeperLaunch } from '../../../electron/pty/exit-drain';
import { exitsPromptly, forgeDuringRead, shellPid, writeForger } from '../support/pty-forgery';
import { startPty, type Harness } from '../support/pty-helpers';

const forger = writeForger();
const started: Harness[] = [];
const start = () => {
  const harness = startPty();
  started.push(harness);
  return harness;
};
afterAll(async () => {
  await Promise.all(started.map((h) => h.manager.killAll()));
  forger.dispose();
});

describe('the exit-drain handshake cannot be forged from the output', () => {
  it('a background job printing a drain sentinel gets no answer to the foreground read', async () => {
    const h = start();
    const shell = await shellPid(h);
    await forgeDuringRead(h, forger);
    await exitsPromptly(h, shell);
  });

  it('after a forged sentinel, exit still ends the keeper and the shell promptly', async () => {
    const h = start();
    const shell = await shellPid(h);
    h.type(`sh ${forger.path} & sleep 1.5\r`);
    await h.waitFor('forged-sentinel-sent');
    await h.waitFor(/\$ $/);
    await exitsPromptly(h, shell);
  });

  it('a keeper whose host never answers gives up within its bound', async () => {
    const launch = keeperLaunch('/bin/sh', ['-c', 'exit 5'], { PATH: process.env.PATH ?? '/usr/bin:/bin' }, { waitTenths: 10 });
    const pty = nodePty.spawn(launch.file, launch.args, { cols: 80, rows: 24, env: launch.env, encoding: null });
    let output = Buffer.alloc(0);
    pty.onData((data) => (output = Buffer.concat([output, data as unknown as Buffer])));
    const exit = await new Promise<number | 'timeout'>((resolve) => {
      pty.onExit(({ exitCode }) => resolve(exitCode));
      setTimeout(() => resolve('timeout'), 5000);
    });
    if (exit === 'timeout') pty.kill('SIGKILL');
    expect(output.includes(launch.sentinel)).toBe(true);
    expect(exit).toBe(5);
  });
});
