// SPDX-License-Identifier: MIT
import type { Recorder } from '../recorder/recorder';
import type { Store } from '../store/store';

/** Ranked lines asked of the reader per keystroke: enough to skip the few main drops here. */
const CANDIDATES = 8;

export interface SuggestDeps {
  readonly store: Pick<Store, 'suggestLines' | 'commandsByIds'>;
  readonly recorder: Pick<Recorder, 'live' | 'recording' | 'atPrompt'>;
  /** Commands forgotten with undo, not yet erased: their lines are not offered meanwhile. */
  readonly pendingForgets: () => readonly string[];
  /** False for a line the redaction rules would change (a secret-shaped line is never shown). */
  readonly offerable: (line: string) => boolean;
}

/**
 * `history:suggest`: the inline suggestion for what is typed at terminal `id`'s prompt. The query
 * runs in the store's reader worker (queries/suggest-lines.ts); main only checks the terminal
 * (recorded, at a prompt: never a private one, whose commands are nowhere to rank anyway, never
 * while a command runs) and drops what must not be shown.
 */
export const suggestHandler =
  (deps: SuggestDeps) =>
  async ({ id, prefix }: { id: string; prefix: string }): Promise<{ line: string | null }> => {
    const session = deps.recorder.live(id);
    if (!session || deps.recorder.recording(id) === 'private' || !deps.recorder.atPrompt(id)) return { line: null };
    const [lines, forgetting] = await Promise.all([deps.store.suggestLines(prefix, session.cwd || null, CANDIDATES), forgottenLines(deps)]);
    const best = lines.find(({ line }) => !forgetting.has(line) && deps.offerable(line));
    return { line: best?.line ?? null };
  };

const forgottenLines = async (deps: SuggestDeps): Promise<ReadonlySet<string>> => {
  const ids = deps.pendingForgets();
  if (ids.length === 0) return new Set();
  const records = await deps.store.commandsByIds(ids);
  return new Set(records.flatMap((record) => (record.commandLine ? [record.commandLine] : [])));
};
