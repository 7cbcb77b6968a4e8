// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { SUGGEST_MAX_CHARS } from '../../../shared/ipc/history';
import { Disposable, type IDisposable } from '../../lifetime/disposable';
import type { PromptInputModel, PromptInputSnapshot } from '../prompt-input/prompt-input-model';
import { GhostText } from './ghost-text';

type SuggestMode = 'auto' | 'on' | 'off';

export interface InlineSuggestionDeps {
  readonly term: Terminal;
  readonly promptInput: PromptInputModel;
  /** The shell's program (`/usr/bin/fish`): fish suggests by itself, so `auto` stays off there. */
  readonly shell: string;
  /** Asks main (`history:suggest`) for the best recorded line starting with `prefix`. */
  readonly ask: (prefix: string) => Promise<string | null>;
  /** Types text at the prompt as if the user had (never Enter: an accepted suggestion is not run). */
  readonly type: (text: string) => void;
  readonly mode: () => SuggestMode;
}

/**
 * The rest of the best recorded command line after what is typed, drawn dim after the cursor
 * (ghost-text.ts; nothing is written to the pty until it is accepted). Asked on every change of
 * the prompt-input model; an answer for a line that is no longer typed is dropped. Shown only at
 * the end of a one-line input the model is sure of, at an integrated prompt (no model while a
 * command runs or in the alternate screen) of a terminal main records (never a private one).
 */
export class InlineSuggestion extends Disposable {
  private _line: string | null = null;
  private _typed = '';
  private _asked = 0;
  /** Esc hid the suggestion for this typed line; typing on brings suggestions back. */
  private _hiddenFor: string | null = null;
  /** The shell draws its own suggestions (fish; zsh-autosuggestions seen drawing one). */
  private _shellSuggests: boolean;
  private readonly _ghost: GhostText;

  constructor(private readonly _deps: InlineSuggestionDeps) {
    super();
    this._shellSuggests = /(^|\/)fish$/.test(_deps.shell);
    this._ghost = this._register(new GhostText(_deps.term));
    this._register(_deps.promptInput.onDidChange((snapshot) => this._changed(snapshot)));
  }

  /** The whole suggested line while one is shown. */
  get shown(): string | null {
    return this._line;
  }

  /** Types the rest of the suggestion (`word`: up to the end of its next word). True when it did. */
  accept(part: 'all' | 'word'): boolean {
    const line = this._line;
    if (line === null) return false;
    const rest = line.slice(this._typed.length);
    const text = part === 'all' ? rest : (/^\s*\S+/.exec(rest)?.[0] ?? rest);
    this._deps.type(text);
    return true;
  }

  /** Esc: hidden until the typed line changes. True when one was shown. */
  hide(): boolean {
    if (this._line === null) return false;
    this._hiddenFor = this._typed;
    this._show(null);
    return true;
  }

  private _eligible(snapshot: PromptInputSnapshot | null): snapshot is PromptInputSnapshot {
    const mode = this._deps.mode();
    if (mode === 'off' || (mode === 'auto' && this._shellSuggests)) return false;
    return (
      snapshot !== null &&
      snapshot.certain &&
      snapshot.atEnd &&
      snapshot.text.trim() !== '' &&
      snapshot.text.length <= SUGGEST_MAX_CHARS &&
      !snapshot.text.includes('\n') &&
      this._deps.term.buffer.active.type === 'normal'
    );
  }

  private _changed(snapshot: PromptInputSnapshot | null): void {
    if (snapshot?.shellSuggestion) this._shellSuggests = true;
    if (!this._eligible(snapshot) || snapshot.text === this._hiddenFor) {
      this._asked++;
      if (snapshot?.text !== this._hiddenFor) this._hiddenFor = null;
      this._show(null);
      return;
    }
    this._hiddenFor = null;
    const typed = snapshot.text;
    // Typing on into the suggestion keeps it on screen while the next answer comes.
    this._show(this._line !== null && extends_(this._line, typed) ? this._line : null, snapshot);
    const asked = ++this._asked;
    this._deps.ask(typed).then(
      (line) => {
        if (asked !== this._asked || this.isDisposed) return;
        const now = this._deps.promptInput.snapshot();
        if (!this._eligible(now) || now.text !== typed) return;
        this._show(line !== null && extends_(line, typed) ? line : null, now);
      },
      () => {
        if (asked === this._asked) this._show(null);
      },
    );
  }

  private _show(line: string | null, snapshot?: PromptInputSnapshot): void {
    if (line === null || !snapshot) {
      this._line = null;
      this._ghost.clear();
      return;
    }
    const announce = line !== this._line;
    this._line = line;
    this._typed = snapshot.text;
    this._ghost.draw(line, line.slice(snapshot.text.length), snapshot, announce);
  }
}

const extends_ = (line: string, typed: string): boolean => line.length > typed.length && line.startsWith(typed);

/** The suggestions of open terminals, for the keys (suggestion-keys.ts). */
const byTerminal = new Map<string, InlineSuggestion>();

/** Starts the inline suggestion for terminal `id`; disposing it ends it. */
export const startInlineSuggestion = (id: string, deps: InlineSuggestionDeps): IDisposable => {
  const suggestion = new InlineSuggestion(deps);
  byTerminal.get(id)?.dispose();
  byTerminal.set(id, suggestion);
  return {
    dispose: () => {
      if (byTerminal.get(id) === suggestion) byTerminal.delete(id);
      suggestion.dispose();
    },
  };
};

export const suggestionOf = (id: string): InlineSuggestion | undefined => byTerminal.get(id);
