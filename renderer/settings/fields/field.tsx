// SPDX-License-Identifier: MIT
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface FieldProps {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its inline error (or hint) underneath, wired up for screen readers. */
export const Field = ({ label, error, hint, children }: FieldProps) => {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className={`field${error ? ' invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': error || hint ? noteId : undefined })}
      {error ? (
        <span id={noteId} className="field-error" role="alert" data-testid="field-error">
          {error}
        </span>
      ) : (
        hint && (
          <span id={noteId} className="field-hint">
            {hint}
          </span>
        )
      )}
    </div>
  );
};

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  readonly label: string;
  readonly value: string;
  readonly error?: string | undefined;
  readonly hint?: string;
  readonly onValue: (value: string) => void;
  readonly ref?: Ref<HTMLInputElement>;
};

/** A text field that keeps what was typed as text; numbers are parsed (and checked) on save. */
export const TextField = ({ label, value, error, hint, onValue, ...rest }: TextInputProps) => (
  <Field label={label} error={error} hint={hint}>
    {(a11y) => <input {...rest} {...a11y} value={value} onChange={(event) => onValue(event.target.value)} />}
  </Field>
);

export const CheckField = ({
  label,
  checked,
  onValue,
  testId,
}: {
  label: string;
  checked: boolean;
  onValue: (v: boolean) => void;
  testId?: string;
}) => (
  <label className="check-field">
    <input type="checkbox" checked={checked} data-testid={testId} onChange={(event) => onValue(event.target.checked)} />
    {label}
  </label>
);
