// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Segmenter, type SegmentEvent } from './segmenter';
import { NONCE, cycle, mark } from './testing/segmenter-steps';

/** As in nonce-redactor.ts. */
const NONCE_REPLACEMENT = '[nonce]';

const REMOTE = 'Qfeedc0ffee0123456789abcdef01234';
const ID = 'c0123456789abcdef01234567';
const osc = (payload: string, signer: string) => `\x1b]${payload};${signer}\x07`;

/** The local shell's side of `ssh box`: prompt, the command line, output starts, our ssh mark. */
const sshTyped = mark('A') + '$ ' + mark('B') + 'ssh box\r\n' + mark('E', 'ssh box') + mark('C') + osc(`633;S;${ID};box`, NONCE);
const request = osc('633;R;/bin/bash;alice', ID);

const feed = (segmenter: Segmenter, data: string): { text: string; events: SegmentEvent[] } => {
  const { bytes, events } = segmenter.output(Buffer.from(data));
  return { text: bytes.toString(), events };
};

describe('Segmenter: a remote shell integrated over ssh', () => {
  it('hands the remote request on once, then records the remote commands with their host until a local mark', () => {
    const segmenter = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(segmenter, sshTyped);
    const asked = feed(segmenter, `Welcome to box\r\n${request}`);
    expect(asked.text).toBe('Welcome to box\r\n');
    expect(asked.events).toEqual([{ type: 'ssh-request', id: ID, host: 'box', shell: '/bin/bash', user: 'alice', at: 0 }]);
    // Asked once: the same request again is just output now.
    expect(feed(segmenter, request).events).toEqual([]);

    segmenter.acceptRemote(REMOTE);
    // Nothing changes until the remote shell's integration shows it runs, with its first mark.
    expect(segmenter.remote).toBe(false);
    const remote = feed(
      segmenter,
      mark('P', 'Cwd=/home/alice', REMOTE) +
        mark('P', 'Hostname=box', REMOTE) +
        mark('P', 'User=alice', REMOTE) +
        cycle('make', 'built\r\n', 2, REMOTE) +
        mark('A', undefined, REMOTE) +
        '$ ',
    );
    expect(remote.text).toBe('$ make\r\nbuilt\r\n$ ');
    expect(segmenter.remote).toBe(true);
    expect(remote.events[0]).toMatchObject({ type: 'remote-start' });
    const start = remote.events.find((event) => event.type === 'command-start');
    expect(start).toMatchObject({ commandLine: 'make', cwd: '/home/alice', hostname: 'box' });
    expect(remote.events).toContainEqual({ type: 'user', user: 'alice', at: 0 });
    expect(remote.events.filter((event) => event.type === 'command-end')).toMatchObject([{ exitCode: 2 }]);

    // `exit` typed remotely: the remote shell starts it and is gone; ssh ends; the local shell reports.
    const back = feed(
      segmenter,
      mark('E', 'exit', REMOTE) + mark('C', undefined, REMOTE) + 'logout\r\n' + mark('D', 0) + mark('P', 'Cwd=/home/me') + mark('A') + '$ ',
    );
    expect(segmenter.remote).toBe(false);
    expect(back.events.map((event) => event.type)).toEqual(['command-start', 'command-end', 'remote-end', 'command-end', 'cwd', 'prompt']);
    expect(back.events[1]).toMatchObject({ type: 'command-end', exitCode: null });
    expect(back.events[3]).toMatchObject({ type: 'command-end', exitCode: 0 });
    // Its marks count no more (a leaked nonce cannot forge remote records later); ssh suspended with
    // ~^Z and resumed with `fg` is output of `fg`. The nonce is still redacted.
    const resumed = feed(segmenter, mark('E', 'fg') + mark('C') + mark('A', undefined, REMOTE) + `% echo ${REMOTE}`);
    expect(resumed.events.map((event) => event.type)).toEqual(['command-start']);
    expect(resumed.text).not.toContain(REMOTE);
    expect(resumed.text).toContain(`% echo ${NONCE_REPLACEMENT}`);
  });

  it("applies each shell's own history rules: the remote's while it talks, the local shell's again after", () => {
    const segmenter = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(segmenter, mark('P', 'HistControl=ignoreboth') + mark('P', 'HistIgnore=ls'));
    feed(segmenter, sshTyped);
    feed(segmenter, request);
    segmenter.acceptRemote(REMOTE);
    const starts = (data: string) =>
      feed(segmenter, data).events.flatMap((event) => (event.type === 'command-start' ? [event.history] : []));
    // The remote shell said nothing yet: none of the local rules apply to it.
    expect(starts(cycle('make', '', 0, REMOTE))).toEqual([undefined]);
    expect(starts(mark('P', 'HistControl=ignorespace', REMOTE) + cycle(' make', '', 0, REMOTE))).toEqual([
      { control: 'ignorespace', ignore: '' },
    ]);
    expect(starts(mark('D', 0) + cycle('ls', '', 0))).toEqual([{ control: 'ignoreboth', ignore: 'ls' }]);
  });

  it('ignores a request without our ssh mark, with another id, or after the local shell moved on', () => {
    const forged = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(forged, cycle('cat evil', '', 0));
    expect(feed(forged, request).events).toEqual([]);

    const wrongId = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(wrongId, sshTyped);
    expect(feed(wrongId, osc('633;R;/bin/bash;alice', 'c9999999999999999999999999')).events).toEqual([]);

    const late = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(late, sshTyped);
    feed(late, mark('D', 255) + mark('A') + '$ ');
    expect(feed(late, request).events).toEqual([]);
  });

  it('says when ssh ended without the remote asking, unless ssh itself failed or was interrupted', () => {
    const ended = (code: number) => {
      const segmenter = new Segmenter({ nonce: NONCE, now: () => 0 });
      feed(segmenter, sshTyped);
      return feed(segmenter, `% Invalid input detected\r\n${mark('D', code)}`).events.filter((event) => event.type === 'ssh-unanswered');
    };
    expect(ended(1)).toEqual([{ type: 'ssh-unanswered', host: 'box', exitCode: 1, at: 0 }]);
    expect(ended(0)).toHaveLength(1);
    expect(ended(255)).toEqual([]);
    expect(ended(130)).toEqual([]);
  });

  it('redacts the remote nonce from output, and keeps local state across the remote session', () => {
    const segmenter = new Segmenter({ nonce: NONCE, now: () => 0 });
    feed(segmenter, mark('P', 'Hostname=laptop') + sshTyped + request);
    segmenter.acceptRemote(REMOTE);
    const leaked = feed(segmenter, `set | grep nonce: ${REMOTE}\r\n`);
    expect(leaked.text).toBe(`set | grep nonce: ${NONCE_REPLACEMENT}\r\n`);
    feed(segmenter, mark('P', 'Hostname=box', REMOTE));
    const ended = segmenter.end();
    expect(ended.events.map((event) => event.type)).toEqual(['remote-end', 'hostname', 'command-end']);
    expect(ended.events[1]).toMatchObject({ hostname: 'laptop' });
  });
});
