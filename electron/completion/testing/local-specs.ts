// SPDX-License-Identifier: MIT
import type { SpecIndexPort } from '../spec-host';
import type { SpecLoader } from '../spec-loader';
import { walkSpec } from '../spec-walk';

/** The spec worker's answers computed in-process, for tests of the service (the worker runs the same code). */
export const localSpecs = (specs: SpecLoader, log: (message: string) => void): SpecIndexPort => ({
  walk: async (program, args, word) => {
    const spec = await specs.load(program);
    if (!spec) return undefined;
    try {
      return await walkSpec(spec, args, word, (name) => specs.load(name));
    } catch (error) {
      log(`completion: walking the ${program} spec failed: ${String(error)}`);
      return { items: [], paths: 'none' };
    }
  },
  programs: async (prefix) => (await specs.names()).filter((name) => name.startsWith(prefix) && !name.includes('/')),
});
