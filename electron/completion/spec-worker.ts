// SPDX-License-Identifier: MIT
import { parentPort } from 'node:worker_threads';
import { SpecLoader } from './spec-loader';
import { walkSpec } from './spec-walk';
import type { SpecReply, SpecRequest } from './spec-host';

/**
 * The completion specs' thread: spec modules are imported and evaluated here (git's is 350 KB of
 * code), and walked here, so neither ever pauses main, where pty output passes.
 */
const port = parentPort!;
const specs = new SpecLoader((message) => port.postMessage({ type: 'log', message } satisfies SpecReply));

const answer = async (request: SpecRequest): Promise<SpecReply> => {
  if (request.type === 'programs') {
    const names = await specs.names();
    return { type: 'programs', id: request.id, names: names.filter((name) => name.startsWith(request.prefix) && !name.includes('/')) };
  }
  const spec = await specs.load(request.program);
  if (!spec) return { type: 'walked', id: request.id, answer: null };
  try {
    return { type: 'walked', id: request.id, answer: await walkSpec(spec, request.args, request.word, (name) => specs.load(name)) };
  } catch (error) {
    port.postMessage({
      type: 'log',
      message: `completion: walking the ${request.program} spec failed: ${String(error)}`,
    } satisfies SpecReply);
    return { type: 'walked', id: request.id, answer: { items: [], paths: 'none' } };
  }
};

port.on('message', (request: SpecRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
