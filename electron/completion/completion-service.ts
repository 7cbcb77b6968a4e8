// SPDX-License-Identifier: MIT
import { MAX_COMPLETION_ITEMS, type CompletionAnswer, type CompletionItem, type CompletionRequest } from '../../shared/ipc/session';
import { typedCommand } from './command-words';
import { directoryItems } from './directory-items';
import { pastArguments } from './past-arguments';
import type { SpecIndexPort } from './spec-host';
import type { SpecAnswer } from './spec-walk';

/** Where a terminal's shell is now, as the recorder knows it. */
interface CompletionPlace {
  readonly cwd: string;
  /** In a remote shell started by our ssh integration: its files and programs are not here. */
  readonly remote: boolean;
  readonly private: boolean;
}

export interface CompletionDeps {
  readonly place: (terminalId: string) => CompletionPlace | undefined;
  /** The Fig specs, walked in their worker (SpecHost). */
  readonly specs: SpecIndexPort;
  /** Recorded command lines that may hold the program's past arguments, newest first (the reader worker). */
  readonly pastLines: (program: string, args: readonly string[]) => Promise<readonly string[]>;
  /** Whether a line holds something secret-shaped (the redactor's rules). */
  readonly isSecret: (line: string) => boolean;
  readonly log: (message: string) => void;
}

/** The first of each text wins: a spec's name beats the same word from history or the directory. */
const distinct = (items: readonly CompletionItem[]): CompletionItem[] => {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.text) && seen.add(item.text)).slice(0, MAX_COMPLETION_ITEMS);
};

/**
 * Ctrl+Space's answer for one terminal (`completion:list`): the program's Fig spec walked along the
 * typed words, the directory's paths where the spec takes them (or where there is no spec), and the
 * user's own past arguments at that position. Nothing is run to answer, and nothing here holds up
 * the pty path: specs load and are walked in their worker, the directory is read as a stream,
 * history is asked of the reader worker.
 */
export class CompletionService {
  constructor(private readonly _deps: CompletionDeps) {}

  async list({ terminalId, line }: CompletionRequest): Promise<CompletionAnswer> {
    const { program, args, word } = typedCommand(line);
    const place = this._deps.place(terminalId);
    if (!place) return { items: [], word, unavailable: 'no-terminal' };
    if (place.remote) return { items: [], word, unavailable: 'remote' };
    // The program's own name: programs with a spec, and paths (./build.sh).
    if (program === '')
      return { items: distinct([...(await this._programs(word)), ...(await directoryItems(place.cwd, word, 'files'))]), word };
    const spec = await this._spec(program, args, word);
    const [past, paths] = await Promise.all([
      place.private ? [] : this._past(program, args),
      spec.paths === 'none' ? [] : directoryItems(place.cwd, word, spec.paths),
    ]);
    return { items: distinct([...spec.items, ...past, ...paths]), word };
  }

  private async _programs(word: string): Promise<CompletionItem[]> {
    if (word === '' || word.includes('/')) return [];
    return (await this._deps.specs.programs(word)).map((name) => ({ text: name, kind: 'program' as const }));
  }

  /** No spec for the program: its arguments are taken to be paths, as a shell's default completion does. */
  private async _spec(program: string, args: readonly string[], word: string): Promise<SpecAnswer> {
    return (await this._deps.specs.walk(program, args, word)) ?? { items: [], paths: 'files' };
  }

  private async _past(program: string, args: readonly string[]): Promise<CompletionItem[]> {
    try {
      return pastArguments(await this._deps.pastLines(program, args), program, args, this._deps.isSecret);
    } catch (error) {
      this._deps.log(`completion: past arguments of ${program}: ${String(error)}`);
      return [];
    }
  }
}
