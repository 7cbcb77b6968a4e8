// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { CheckField, TextField } from '../fields/field';
import type { SectionProps } from '../form/settings-form';

/** The user's own redaction patterns, on top of the built-in secret detectors: listed, removable, added below. */
export const RedactionPatterns = ({ draft, errors, update }: SectionProps) => {
  const { userPatterns } = draft.redaction;
  const [kind, setKind] = useState('');
  const [pattern, setPattern] = useState('');
  const [caseInsensitive, setCaseInsensitive] = useState(false);
  const setPatterns = (next: typeof userPatterns) => update((d) => ({ ...d, redaction: { ...d.redaction, userPatterns: next } }));
  const add = () => {
    if (!kind.trim() || !pattern) return;
    setPatterns([...userPatterns, { kind: kind.trim(), pattern, caseInsensitive }]);
    setKind('');
    setPattern('');
    setCaseInsensitive(false);
  };
  return (
    <>
      <ul className="pattern-list" aria-label="Custom patterns">
        {userPatterns.map((p, i) => {
          const error =
            errors[`redaction.userPatterns.${i}.pattern`] ??
            errors[`redaction.userPatterns.${i}.kind`] ??
            errors[`redaction.userPatterns.${i}`];
          return (
            <li key={`${p.kind}/${p.pattern}/${i}`} className={error ? 'invalid' : ''}>
              <code>[REDACTED:{p.kind}]</code> ←{' '}
              <code>
                /{p.pattern}/{p.caseInsensitive ? 'i' : ''}
              </code>
              <button
                className="icon-button"
                aria-label={`Remove pattern ${p.kind}`}
                onClick={() => setPatterns(userPatterns.filter((_, j) => j !== i))}
              >
                ×
              </button>
              {error && (
                <span className="field-error" role="alert">
                  {error}
                </span>
              )}
            </li>
          );
        })}
        {userPatterns.length === 0 && <li className="field-hint">No custom patterns.</li>}
      </ul>
      {errors['redaction.userPatterns'] && (
        <span className="field-error" role="alert">
          {errors['redaction.userPatterns']}
        </span>
      )}
      <div className="field-row add-pattern">
        <TextField label="Kind" hint="lowercase, e.g. internal-token" value={kind} data-testid="pattern-kind-input" onValue={setKind} />
        <TextField
          label="Pattern (regular expression)"
          value={pattern}
          spellCheck={false}
          data-testid="pattern-input"
          onValue={setPattern}
        />
        <CheckField label="Ignore case" checked={caseInsensitive} onValue={setCaseInsensitive} />
        <button className="small" data-testid="pattern-add" onClick={add} disabled={!kind.trim() || !pattern}>
          Add pattern
        </button>
      </div>
    </>
  );
};
