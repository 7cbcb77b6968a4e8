// SPDX-License-Identifier: MIT
import { CheckField, Field, TextField } from './field';
import { patternErrors, type HistoryDraft } from './history-form';
import type { SectionProps } from './section-props';
import { StoragePanel } from './storage-panel';

type NumberKey = Exclude<keyof HistoryDraft, 'ignoreSpace' | 'excludePatterns'>;

/** The retention limits: raw output (the bulk, kept shortest) first, then the command records. */
const RAW: ReadonlyArray<readonly [NumberKey, string, string, string]> = [
  ['rawMaxMb', 'Raw output limit (MB)', '0: no limit. All terminals together; the oldest goes first.', 'history-raw-max-mb'],
  ['rawMaxAgeDays', 'Keep raw output (days)', '0: forever', 'history-raw-max-age-days'],
  ['commandRawMaxMb', 'Per-command raw limit (MB)', 'Beyond this a command keeps its first and last halves', 'history-command-raw-max-mb'],
];
const RECORDS: ReadonlyArray<readonly [NumberKey, string, string, string]> = [
  ['recordsMaxAgeDays', 'Keep command records (days)', '0: forever. Covers command lines, clean output, search', 'history-records-max-age-days'],
  ['recordsMax', 'Keep at most (commands)', '0: no limit; the newest are kept', 'history-records-max'],
];

/** What is recorded and for how long, what the store holds now, and ways to forget it. */
export const HistorySection = ({ draft, errors, update }: SectionProps) => {
  const h = draft.history;
  const set = (patch: Partial<HistoryDraft>) => update((d) => ({ ...d, history: { ...d.history, ...patch } }));
  const numberField = ([key, label, hint, testId]: readonly [NumberKey, string, string, string]) => (
    <TextField
      key={key}
      label={label}
      hint={hint}
      inputMode="numeric"
      value={h[key]}
      error={errors[`history.${key}`]}
      data-testid={testId}
      onValue={(value) => set({ [key]: value })}
    />
  );
  const badPatterns = patternErrors(errors, h.excludePatterns);
  return (
    <section className="settings-section" id="settings-history" aria-labelledby="settings-history-title">
      <h3 id="settings-history-title">History &amp; privacy</h3>
      <StoragePanel />
      <h4>Raw terminal output</h4>
      <div className="field-row three">{RAW.map(numberField)}</div>
      <h4>Command records</h4>
      <div className="field-row three">{RECORDS.map(numberField)}</div>
      <h4>Not recorded</h4>
      <CheckField
        label="Don't record commands starting with a space"
        checked={h.ignoreSpace}
        testId="history-ignore-space"
        onValue={(ignoreSpace) => set({ ignoreSpace })}
      />
      <Field
        label="Don't record commands matching (one RE2 pattern per line)"
        hint="A command line that any of them matches is not recorded, e.g. ^vault\s or token="
        error={badPatterns.length > 0 ? badPatterns.join('\n') : undefined}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            className="pattern-lines"
            data-testid="history-exclude-patterns"
            rows={3}
            spellCheck={false}
            value={h.excludePatterns}
            onChange={(event) => set({ excludePatterns: event.target.value })}
          />
        )}
      </Field>
      <p className="field-hint">
        For a whole terminal that should leave no trace, open a private tab (the eye icon next to +); a tab&apos;s menu (right-click)
        pauses and resumes its recording.
      </p>
    </section>
  );
};
