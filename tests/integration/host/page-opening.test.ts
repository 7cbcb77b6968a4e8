// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { HostClient } from '../support/host-ws-client';

/**
 * A window's first shell starts when its page is served, not when the page's code asks
 * (electron/ipc/start.ts): the page's `workspace:start` then gets that terminal as the one it
 * opened, with everything the shell printed from its first byte. Real host, real bash.
 */
interface Info {
  id: string;
}
interface Started {
  ptys: Info[];
  spawned?: Info;
}

let server: AppServer | undefined;
const clients: HostClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.stop();
  server = undefined;
});

const connect = async (app: AppServer): Promise<HostClient> => {
  const client = await HostClient.connect(app.origin, app.token);
  clients.push(client);
  return client;
};

const list = (client: HostClient) => client.invoke<Info[]>('pty:list', {});

describe('a window opening', () => {
  it("opens the window's first terminal when its page is served, and hands it to the page's start with all it printed", async () => {
    server = await startServer();
    const observer = await connect(server);
    expect(await list(observer)).toEqual([]);
    expect((await fetch(server.url)).status).toBe(200);
    // Nobody asked for a terminal over the socket: the page being served opened it.
    await expect.poll(async () => (await list(observer)).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [opened] = await list(observer);
    // The shell has printed its prompt before the page asks.
    await expect
      .poll(async () => (await observer.invoke<{ snapshot: { data: string } }>('pty:attach', { id: opened!.id })).snapshot.data, {
        timeout: 10_000,
      })
      .toMatch(/[$#] /);

    const page = await connect(server);
    const output: Array<{ data: string; end: number }> = [];
    page.on((channel, payload) => {
      const event = payload as { id: string; data: string; end: number };
      if (channel === 'pty:data' && event.id === opened!.id) output.push(event);
    });
    const started = await page.invoke<Started>('workspace:start', { cols: 100, rows: 30 });
    expect(started.ptys).toEqual([]);
    expect(started.spawned?.id).toBe(opened!.id);
    // From the first byte, in order, as if the page had been attached since the shell started.
    await expect.poll(() => output.map((event) => event.data).join(''), { timeout: 10_000 }).toMatch(/[$#] /);
    expect(output[0]!.end).toBe(output[0]!.data.length);
    for (let i = 1; i < output.length; i++) expect(output[i]!.end).toBe(output[i - 1]!.end + output[i]!.data.length);
    // It is the page's terminal now: typed into, it answers.
    page.send('pty:input', { id: opened!.id, data: 'echo claimed-$((40+2))\r' });
    await expect.poll(() => output.map((event) => event.data).join(''), { timeout: 10_000 }).toContain('claimed-42');

    // A reload: the page is served again, opens nothing more, and its start lists the running one.
    expect((await fetch(server.url)).status).toBe(200);
    const reloaded = await connect(server);
    expect(await reloaded.invoke<Started>('workspace:start', { cols: 100, rows: 30 })).toMatchObject({ ptys: [{ id: opened!.id }] });
    expect(await list(observer)).toHaveLength(1);
  });

  // Browser mode with --open on a cold start: the page's socket is up before the host had opened
  // the terminal. It used to be told `pty:opened` and attach the terminal a second time.
  it('tells the claiming page nothing it did not ask for, and the other windows once it is claimed', async () => {
    server = await startServer();
    const page = await connect(server);
    const observer = await connect(server);
    const said = (client: HostClient) => {
      const events: Array<{ channel: string; id: string }> = [];
      client.on((channel, payload) => {
        if (channel === 'pty:opened') events.push({ channel, id: (payload as { id: string }).id });
      });
      return events;
    };
    const toPage = said(page);
    const toObserver = said(observer);
    expect((await fetch(server.url)).status).toBe(200);
    await expect.poll(async () => (await list(observer)).length, { timeout: 10_000, interval: 20 }).toBe(1);
    const [opened] = await list(observer);
    const started = await page.invoke<Started>('workspace:start', { cols: 100, rows: 30 });
    expect(started.spawned?.id).toBe(opened!.id);
    await expect.poll(() => toObserver, { timeout: 5_000 }).toEqual([{ channel: 'pty:opened', id: opened!.id }]);
    // A round trip after the observer heard it: anything the page was to be told has come by now.
    await page.invoke('pty:list', {});
    expect(toPage).toEqual([]);
  });
});
