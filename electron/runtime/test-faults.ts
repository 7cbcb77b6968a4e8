// SPDX-License-Identifier: MIT

/**
 * Faults a test plants in a real host to check that one failed part does not take the others down
 * (tests/integration/host/part-failures.test.ts). Nothing here runs unless the environment variable is
 * set: a worker thread cannot be killed from outside the process, so the test makes it fail from
 * inside, on data it sends through the ordinary paths (a line of output, a search).
 *
 *   CONTEXTERM_TEST_FAULTS="mirror:throw:TRIGGER,writer:exit:TRIGGER,main:reject"
 *
 * `throw` raises an exception nobody catches, `exit` ends the thread the way a crash or a kill
 * does (process.exit in a worker ends only that worker), `reject` leaves a rejected promise
 * unhandled, `stall` blocks the thread for STALL_MS the way a slow disk or a long prune would.
 * mirror: output the mirror parses; writer: output bytes handed to the writer; reader:
 * a read's arguments (a search); main: raised once the core is ready, without a trigger.
 */
export const TEST_FAULTS_ENV = 'CONTEXTERM_TEST_FAULTS';

export type FaultPart = 'mirror' | 'writer' | 'reader' | 'main';
type FaultKind = 'throw' | 'exit' | 'reject' | 'stall';

/** How long a `stall` fault blocks its thread. */
export const STALL_MS = 10_000;

export interface Fault {
  readonly part: FaultPart;
  readonly kind: FaultKind;
  /** The text whose arrival sets the fault off; empty for main's, which go off at ready. */
  readonly trigger: string;
}

const PARTS: readonly string[] = ['mirror', 'writer', 'reader', 'main'];
const KINDS: readonly string[] = ['throw', 'exit', 'reject', 'stall'];

/** The planted faults of one part; malformed entries are ignored (a typo must not crash a host). */
export const plantedFaults = (part: FaultPart, env: NodeJS.ProcessEnv = process.env): Fault[] => {
  const spec = env[TEST_FAULTS_ENV];
  if (!spec) return [];
  const faults: Fault[] = [];
  for (const entry of spec.split(',')) {
    const [name = '', kind = '', ...rest] = entry.trim().split(':');
    const trigger = rest.join(':');
    if (name !== part || !PARTS.includes(name) || !KINDS.includes(kind)) continue;
    if (part !== 'main' && trigger === '') continue;
    faults.push({ part, kind: kind as FaultKind, trigger });
  }
  return faults;
};

/** The error a planted fault raises; its message names the part so logs and tests can tell them apart. */
export const faultError = (fault: Fault): Error => new Error(`test fault: ${fault.kind} in ${fault.part}`);

/** Sets off the first fault whose trigger is in `text`. */
export const tripFault = (faults: readonly Fault[], text: string): void => {
  const fault = faults.find((candidate) => text.includes(candidate.trigger));
  if (!fault) return;
  if (fault.kind === 'exit') process.exit(70);
  if (fault.kind === 'stall') return void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, STALL_MS);
  if (fault.kind === 'reject') return void Promise.reject(faultError(fault));
  throw faultError(fault);
};

/** Main's faults, once the core is ready: outside any handler, as a stray callback's would be. */
export const raiseMainFaults = (env: NodeJS.ProcessEnv = process.env): void => {
  for (const fault of plantedFaults('main', env)) {
    if (fault.kind === 'reject') void Promise.reject(faultError(fault));
    else if (fault.kind === 'throw') {
      setImmediate(() => {
        throw faultError(fault);
      });
    }
  }
};
