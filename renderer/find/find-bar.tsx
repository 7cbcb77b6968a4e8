// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  countText,
  INVALID_REGEX,
  NO_FIND_OPTIONS,
  queryProblem,
  runFind,
  type FindOptions,
  type FindResult,
  type FindTarget,
} from './find-query';

/** Where a bar sits: its class (its place on the page), its words, and its test hooks. */
export interface FindBarLook {
  readonly className: string;
  readonly inputLabel: string;
  readonly placeholder: string;
  readonly inputType?: 'text' | 'search';
  readonly testIds: {
    readonly input: string;
    readonly caseSensitive: string;
    readonly wholeWord: string;
    readonly regex: string;
    readonly count: string;
    readonly previous: string;
    readonly next: string;
  };
}

/** The search addon's result events, for the count (SearchAddon.onDidChangeResults). */
interface FindResults {
  onDidChangeResults(listener: (results: { resultIndex: number; resultCount: number }) => void): { dispose(): void };
}

/** A buffer a find bar searches, with the result events its count follows. */
export type FindBarTarget = FindTarget & { readonly search: FindResults };

export interface FindBarProps {
  /** The buffer searched; undefined until there is one. */
  readonly target: FindBarTarget | undefined;
  readonly look: FindBarLook;
  /** Waits this long after the last key before searching (a big buffer), then searches incrementally; 0: at each key. */
  readonly typingDelayMs?: number;
  /** False while the buffer is still being written: a search meanwhile would miss the rest. */
  readonly ready?: boolean;
  /** Escape in the input; without it the key goes on to what holds the bar (the viewer's dialog closes). */
  readonly onEscape?: () => void;
  /** Shows a close button. */
  readonly onClose?: () => void;
  /** The input, for keys elsewhere that move the focus into it. */
  readonly inputRef?: RefObject<HTMLInputElement | null>;
}

const TOGGLES = [
  ['caseSensitive', 'Aa', 'Match case'],
  ['wholeWord', 'W', 'Whole word'],
  ['regex', '.*', 'Regular expression'],
] as const;

/**
 * The one find bar: a terminal pane's (Ctrl+Shift+F) and the output viewer's. Enter: next match,
 * Shift+Enter: previous. A broken regular expression is never searched for: the count says
 * "Invalid regex" and its tooltip says why.
 */
export const FindBar = ({ target, look, typingDelayMs = 0, ready = true, onEscape, onClose, inputRef }: FindBarProps) => {
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<FindOptions>(NO_FIND_OPTIONS);
  const [result, setResult] = useState<FindResult | undefined>();
  /** A search that failed for another reason than a broken regular expression (said as it is). */
  const [failure, setFailure] = useState<string | undefined>();
  const regexProblem = queryProblem(query, options);
  const problem = regexProblem ?? failure;
  const { testIds } = look;

  useEffect(() => input.current?.focus(), [input]);

  useEffect(() => {
    const subscription = target?.search.onDidChangeResults((r) => setResult({ index: r.resultIndex, count: r.resultCount }));
    return () => subscription?.dispose();
  }, [target]);

  const find = (forward: boolean, incremental = false) => {
    if (!target) return;
    const answer = runFind(target, query, options, forward, incremental);
    setFailure(queryProblem(query, options) ? undefined : answer);
    if (answer || !query) setResult(undefined);
  };

  // Find as the user types (after a pause for a big buffer), once everything is written.
  useEffect(() => {
    if (!ready) return;
    if (typingDelayMs === 0) return find(true);
    const timer = setTimeout(() => find(true, true), typingDelayMs);
    return () => clearTimeout(timer);
  }, [query, options, ready, target]);

  const toggle = (name: keyof FindOptions) => {
    setResult(undefined);
    setFailure(undefined);
    setOptions((current) => ({ ...current, [name]: !current[name] }));
    input.current?.focus();
  };

  return (
    <div className={look.className} role="search">
      <input
        ref={input}
        type={look.inputType ?? 'text'}
        aria-label={look.inputLabel}
        data-testid={testIds.input}
        aria-invalid={regexProblem !== undefined}
        placeholder={look.placeholder}
        value={query}
        onChange={(event) => {
          // The count of the previous text is not this one's: blank until this search reports.
          setResult(undefined);
          setFailure(undefined);
          setQuery(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            find(!event.shiftKey);
          } else if (event.key === 'Escape' && onEscape) {
            event.preventDefault();
            onEscape();
          }
        }}
      />
      {TOGGLES.map(([name, label, title]) => (
        <button
          key={name}
          className="search-toggle"
          aria-label={title}
          title={title}
          aria-pressed={options[name]}
          data-testid={testIds[name]}
          onClick={() => toggle(name)}
        >
          {label}
        </button>
      ))}
      <span className={`search-count${problem ? ' invalid' : ''}`} data-testid={testIds.count} role="status" title={problem}>
        {regexProblem ? INVALID_REGEX : (failure ?? countText(result, query))}
      </span>
      <button
        aria-label="Previous match"
        title="Previous match (Shift+Enter)"
        data-testid={testIds.previous}
        disabled={!ready || !query}
        onClick={() => find(false)}
      >
        ↑
      </button>
      <button
        aria-label="Next match"
        title="Next match (Enter)"
        data-testid={testIds.next}
        disabled={!ready || !query}
        onClick={() => find(true)}
      >
        ↓
      </button>
      {onClose && (
        <button aria-label="Close find" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
};
