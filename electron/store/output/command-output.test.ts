// SPDX-License-Identifier: MIT
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store';
import { commandInput, makeTempDir, sessionInput, type TempDir } from '../testing/fixtures';

describe('clean output of finished commands', () => {
  let dir: TempDir;
  let store: Store;
  afterEach(async () => {
    await store?.close();
    dir?.remove();
  });

  it('is derived in the writer from the recorded bytes when a command ends', async () => {
    dir = makeTempDir();
    ({ store } = await openStore({ dataDir: dir.path }));
    store.startSession(sessionInput('s'));
    store.appendChunk('s', 1, 1, Buffer.from('$ make\r\n'));
    const start = store.outputBytes('s')!;
    store.upsertCommand(commandInput('s', 1, { commandLine: 'make', outputStart: start }));
    store.appendChunk('s', 1, 2, Buffer.from('progress 10%\rprogress 100%\r\n\x1b[31merror: boom\x1b[0m\r\n'));
    for (let i = 0; i < 30; i++) store.appendChunk('s', 1, 3, Buffer.from(`line ${i}\r\n`));
    const end = store.outputBytes('s')!;
    store.appendChunk('s', 1, 4, Buffer.from('$ '));
    store.upsertCommand(commandInput('s', 1, { commandLine: 'make', outputStart: start, outputEnd: end, endedAt: 5, exitCode: 2 }));
    await store.flush();
    const clean = await store.readCleanOutput('s:1');
    expect(clean?.split('\n').slice(0, 3)).toEqual(['progress 100%', 'error: boom', 'line 0']);
    expect(clean).not.toContain('$ ');
    const [record] = await store.commandsByIds(['s:1']);
    expect(record?.outputSummary).toContain('... (12 lines omitted) ...');
    expect(record?.outputSummary.split('\n')[0]).toBe('progress 100%');
  });

  it('keeps clean text the caller provided', async () => {
    dir = makeTempDir();
    ({ store } = await openStore({ dataDir: dir.path }));
    store.startSession(sessionInput('s'));
    store.appendChunk('s', 1, 1, Buffer.from('raw'));
    store.upsertCommand({ ...commandInput('s', 1, { outputEnd: 3, endedAt: 2, exitCode: 0 }), cleanOutput: 'given' });
    await store.flush();
    expect(await store.readCleanOutput('s:1')).toBe('given');
  });
});
