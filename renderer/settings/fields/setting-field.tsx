// SPDX-License-Identifier: MIT
import type { OrdinarySetting } from '../../../shared/settings/setting';
import { CheckField, Field, TextField } from './field';

export interface SettingFieldProps {
  readonly entry: OrdinarySetting;
  /** The draft value: text for numbers and text, a boolean for a box, an option's value for a select. */
  readonly value: unknown;
  readonly error: string | undefined;
  /** Sharing a row with other fields: a box then takes a field's place in it. */
  readonly inRow: boolean;
  readonly onValue: (value: unknown) => void;
}

/** The hint under a field, with what a setting that is not live says about it. */
const hintOf = (entry: OrdinarySetting): string | undefined =>
  entry.live ? entry.hint : [entry.hint, 'Applies to new tabs.'].filter(Boolean).join(' ');

/** One ordinary setting, drawn from its registry entry (label, hint, control, test id). */
export const SettingField = ({ entry, value, error, inRow, onValue }: SettingFieldProps) => {
  const { control, label, testId } = entry;
  const hint = hintOf(entry);
  switch (control.kind) {
    case 'text':
    case 'number':
      return (
        <TextField
          label={label}
          hint={hint}
          value={value as string}
          error={error}
          inputMode={control.kind === 'number' ? control.inputMode : undefined}
          spellCheck={control.kind === 'text' ? control.spellCheck : undefined}
          data-testid={testId}
          onValue={onValue}
        />
      );
    case 'select':
      return (
        <Field label={label} hint={hint} error={error}>
          {(a11y) => (
            <select {...a11y} data-testid={testId} value={value as string} onChange={(event) => onValue(event.target.value)}>
              {control.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'checkbox': {
      const box = <CheckField label={label} checked={value as boolean} testId={testId} onValue={onValue} />;
      return (
        <>
          {inRow ? <div className="field">{box}</div> : box}
          {hint && <span className="field-hint">{hint}</span>}
          {control.whenOff && !value && <p className="field-hint warn">{control.whenOff}</p>}
        </>
      );
    }
  }
};
