// SPDX-License-Identifier: MIT
import { CompletionService } from '../completion/completion-service';
import { SpecHost } from '../completion/spec-host';
import { Redactor } from '../context/redaction';
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';
import type { InvokeHandlers } from './router';

type Handlers = Pick<InvokeHandlers, 'completion:list'>;

export interface CompletionHandlerDeps {
  readonly store: Pick<Store, 'searchHistory'>;
  readonly recorder: Pick<Recorder, 'place'>;
  /** Forgotten with undo and not yet erased: never offered. */
  readonly forgetPending: (commandId: string) => boolean;
  readonly log: (message: string) => void;
}

/** Recorded lines looked through for past arguments: the newest distinct ones that match. */
const PAST_LINES = 200;

/** Ctrl+Space's menu (electron/completion/): specs (their worker), the directory, and past arguments from the reader worker. */
export const completionHandlers = (deps: CompletionHandlerDeps): { handlers: Handlers; dispose: () => void } => {
  const redactor = new Redactor();
  const specs = new SpecHost(deps.log);
  const service = new CompletionService({
    place: (terminalId) => deps.recorder.place(terminalId),
    specs,
    pastLines: async (program, args) => {
      const { hits } = await deps.store.searchHistory({
        query: [program, ...args].join(' ').slice(0, 500),
        mode: 'fuzzy',
        limit: PAST_LINES,
      });
      return hits
        .filter((hit) => !deps.forgetPending(hit.command.id))
        .flatMap((hit) => (hit.command.commandLine ? [hit.command.commandLine] : []));
    },
    isSecret: (line) => redactor.redact(line).text !== line,
    log: deps.log,
  });
  return { handlers: { 'completion:list': (request) => service.list(request) }, dispose: () => specs.dispose() };
};
