// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../shared/domain/command';
import { commandRecord } from '../../../shared/testing/command-record';
import { addAttachment, attachmentOf, chipLabel, lastFailed, removeAttachment, type Attachment } from './attachments';

/** As in attachments.ts. */
const MAX_ATTACHMENTS = 50;

const record = (seq: number, exitCode: number | null, ended = true): CommandRecord =>
  commandRecord({
    sessionId: 's1',
    seq,
    commandLine: `cmd ${seq}`,
    cwd: '/tmp',
    shell: 'bash',
    startedAt: seq,
    endedAt: ended ? seq + 1 : null,
    exitCode,
  });

describe('attachment chips', () => {
  it('adds each command once, in click order', () => {
    let list: readonly Attachment[] = [];
    list = addAttachment(list, attachmentOf(record(1, 0)));
    list = addAttachment(list, attachmentOf(record(2, 1)));
    const same = addAttachment(list, attachmentOf(record(1, 0)));
    expect(same).toBe(list);
    expect(list.map((a) => a.commandId)).toEqual(['s1:1', 's1:2']);
    expect(list[1]).toEqual({ commandId: 's1:2', commandLine: 'cmd 2', exitCode: 1, startedAt: 2 });
  });

  it('removes by id and leaves the list identical when absent', () => {
    const list = [attachmentOf(record(1, 0)), attachmentOf(record(2, 0))];
    expect(removeAttachment(list, 's1:1').map((a) => a.commandId)).toEqual(['s1:2']);
    expect(removeAttachment(list, 's1:9')).toBe(list);
  });

  it('stops at the request limit', () => {
    let list: readonly Attachment[] = [];
    for (let i = 0; i < MAX_ATTACHMENTS + 5; i++) list = addAttachment(list, attachmentOf(record(i, 0)));
    expect(list).toHaveLength(MAX_ATTACHMENTS);
  });

  it('finds the newest finished failure, skipping running and unknown exits', () => {
    const commands = [record(1, 2), record(2, 0), record(3, 127), record(4, null), record(5, 1, false)];
    expect(lastFailed(commands)?.id).toBe('s1:3');
    expect(lastFailed([record(1, 0)])).toBeUndefined();
  });

  it('labels a chip with its command line, shortened', () => {
    expect(chipLabel({ commandId: 's:1', commandLine: 'npm test', exitCode: 1 })).toBe('npm test');
    expect(chipLabel({ commandId: 's:1', commandLine: null, exitCode: null })).toBe('s:1');
    expect(chipLabel({ commandId: 's:1', commandLine: 'x'.repeat(100), exitCode: 0 }, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
