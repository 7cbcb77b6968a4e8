// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { CheckField, TextField } from './field';
import type { SectionProps } from './section-props';

/** Redaction on/off and the user's own patterns, on top of the built-in secret detectors. */
export const RedactionSection = ({ draft, errors, update }: SectionProps) => {
  const { enabled, userPatterns } = draft.redaction;
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
    <section className="settings-section" id="settings-redaction" aria-labelledby="settings-redaction-title">
      <h3 id="settings-redaction-title">Redaction</h3>
      <CheckField
        label="Replace secrets (keys, tokens, passwords) with placeholders before anything reaches a model"
        checked={enabled}
        testId="redaction-enabled"
        onValue={(on) => update((d) => ({ ...d, redaction: { ...d.redaction, enabled: on } }))}
      />
      {!enabled && <p className="field-hint warn">Off: recorded output goes to the model as it is.</p>}
      <ul className="pattern-list" aria-label="Custom patterns">
        {userPatterns.map((p, i) => {
          const error = errors[`redaction.userPatterns.${i}.pattern`] ?? errors[`redaction.userPatterns.${i}.kind`] ?? errors[`redaction.userPatterns.${i}`];
          return (
            <li key={`${p.kind}/${p.pattern}/${i}`} className={error ? 'invalid' : ''}>
              <code>[REDACTED:{p.kind}]</code> ← <code>/{p.pattern}/{p.caseInsensitive ? 'i' : ''}</code>
              <button className="icon-button" aria-label={`Remove pattern ${p.kind}`} onClick={() => setPatterns(userPatterns.filter((_, j) => j !== i))}>
                ×
              </button>
              {error && <span className="field-error" role="alert">{error}</span>}
            </li>
          );
        })}
        {userPatterns.length === 0 && <li className="field-hint">No custom patterns.</li>}
      </ul>
      {errors['redaction.userPatterns'] && <span className="field-error" role="alert">{errors['redaction.userPatterns']}</span>}
      <div className="field-row add-pattern">
        <TextField label="Kind" hint="lowercase, e.g. internal-token" value={kind} data-testid="pattern-kind-input" onValue={setKind} />
        <TextField label="Pattern (regular expression)" value={pattern} spellCheck={false} data-testid="pattern-input" onValue={setPattern} />
        <CheckField label="Ignore case" checked={caseInsensitive} onValue={setCaseInsensitive} />
        <button className="small" data-testid="pattern-add" onClick={add} disabled={!kind.trim() || !pattern}>
          Add pattern
        </button>
      </div>
    </section>
  );
};
