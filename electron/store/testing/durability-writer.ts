// SPDX-License-Identifier: MIT
/**
 * Child process for tests/integration/host/store-durability.test.ts: streams chunks from 4 sessions
 * through a real Store (real worker, real file) until it is killed, reporting over IPC how many
 * chunks of each stream it has handed to the store, and when.
 *
 * argv: <dataDir> <workerUrl>
 */
import { commandId } from '../../../shared/domain/command';
import { openStore } from '../store';
import { durabilityChunk, DURABILITY_STREAMS, durabilitySessionId } from './fixtures';

export type DurabilityReport = { type: 'started'; ts: number } | { type: 'progress'; ts: number; counts: number[] };

const CHUNKS_PER_TICK = 2;

const report = (message: DurabilityReport) => process.send?.(message);

const main = async () => {
  const [dataDir, workerUrl] = process.argv.slice(2);
  if (!dataDir || !workerUrl || !process.send) throw new Error('usage: fork with IPC, argv <dataDir> <workerUrl>');
  const { store } = await openStore({ dataDir, workerUrl: new URL(workerUrl) });
  const counts = new Array<number>(DURABILITY_STREAMS).fill(0);
  const started = Date.now();
  for (let stream = 0; stream < DURABILITY_STREAMS; stream++) {
    store.startSession({
      id: durabilitySessionId(stream),
      startedAt: started,
      shell: 'bash',
      hostname: 'test',
      cwd: '/',
      title: 'flood',
      mode: 'integrated',
    });
  }
  report({ type: 'started', ts: started });

  const tick = () => {
    const now = Date.now();
    for (let stream = 0; stream < DURABILITY_STREAMS; stream++) {
      const sessionId = durabilitySessionId(stream);
      for (let n = 0; n < CHUNKS_PER_TICK; n++) {
        const seq = counts[stream]!++;
        if (seq % 16 === 0) {
          const outputStart = store.outputBytes(sessionId)!;
          store.upsertCommand({
            id: commandId(sessionId, seq),
            sessionId,
            seq,
            commandLine: `cat part-${seq}`,
            cwd: '/',
            hostname: 'test',
            shell: 'bash',
            startedAt: now,
            endedAt: null,
            exitCode: null,
            outputStart,
            outputEnd: null,
            outputSummary: '',
            source: 'integrated',
          });
        }
        store.appendChunk(sessionId, 1, now, durabilityChunk(stream, seq));
      }
    }
    // Sent after the chunks were handed over: everything counted here has ts <= this report's ts.
    report({ type: 'progress', ts: now, counts: [...counts] });
    setTimeout(tick, 1);
  };
  tick();
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
