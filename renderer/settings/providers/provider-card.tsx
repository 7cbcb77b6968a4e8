// SPDX-License-Identifier: MIT
import { ProviderKind, type ProviderView } from '../../../shared/ipc/settings';
import { Field, TextField } from '../fields/field';
import { ProviderKey } from './provider-key';
import { ProviderTest } from './provider-test';
import { DEFAULT_BASE_URLS } from '../../../shared/settings/assistant-schema';
import type { ProviderDraft } from '../form/provider-draft';
import type { FieldErrors } from '../form/settings-form';

const KIND_LABEL = {
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, vLLM…)',
  openai: 'OpenAI',
  anthropic: 'Anthropic',
} as const;

export interface ProviderCardProps {
  readonly draft: ProviderDraft;
  readonly index: number;
  readonly saved: ProviderView | undefined;
  readonly errors: FieldErrors;
  readonly isDefault: boolean;
  readonly onChange: (next: ProviderDraft) => void;
  readonly onRemove: () => void;
  readonly onMakeDefault: () => void;
}

export const ProviderCard = ({ draft, index, saved, errors, isDefault, onChange, onRemove, onMakeDefault }: ProviderCardProps) => {
  const at = (field: string) => errors[`providers.${index}.${field}`];
  const set = (patch: Partial<ProviderDraft>) => onChange({ ...draft, ...patch });
  const listId = `models-${draft.id}`;
  return (
    <fieldset className="provider-card" data-testid="provider-card" data-provider-id={draft.id}>
      <legend>
        {draft.label || draft.id} <span className="provider-id">({draft.id})</span>
      </legend>
      <div className="field-row">
        <Field label="Kind" error={at('kind')}>
          {(a11y) => (
            <select
              {...a11y}
              value={draft.kind}
              onChange={(event) => {
                const kind = event.target.value as ProviderKind;
                // Switching kind moves a default base URL along; a custom one stays.
                const wasDefault = Object.values(DEFAULT_BASE_URLS).includes(draft.baseUrl);
                set({ kind, ...(wasDefault ? { baseUrl: DEFAULT_BASE_URLS[kind] } : {}) });
              }}
            >
              {ProviderKind.options.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABEL[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label="Label" value={draft.label} error={at('label')} onValue={(label) => set({ label })} />
      </div>
      <TextField
        label="Base URL"
        value={draft.baseUrl}
        error={at('baseUrl')}
        spellCheck={false}
        data-testid="provider-base-url"
        onValue={(baseUrl) => set({ baseUrl })}
      />
      <div className="field-row">
        <TextField
          label="Default model"
          value={draft.defaultModel}
          error={at('defaultModel')}
          list={listId}
          spellCheck={false}
          data-testid="provider-default-model"
          onValue={(defaultModel) => set({ defaultModel })}
        />
        <datalist id={listId}>
          {(saved?.models ?? []).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        <TextField
          label="Timeout (s)"
          value={draft.timeoutSeconds}
          error={at('timeoutSeconds')}
          inputMode="numeric"
          onValue={(timeoutSeconds) => set({ timeoutSeconds })}
        />
      </div>
      {errors[`providers.${index}`] && (
        <span className="field-error" role="alert">
          {errors[`providers.${index}`]}
        </span>
      )}
      <ProviderKey providerId={draft.id} saved={saved} />
      <div className="provider-actions">
        <ProviderTest draft={draft} />
        <span className="spacer" />
        <label className="check-field">
          <input type="radio" name="default-provider" checked={isDefault} onChange={onMakeDefault} />
          Default
        </label>
        <button className="small danger" onClick={onRemove} aria-label={`Remove provider ${draft.label}`}>
          Remove
        </button>
      </div>
    </fieldset>
  );
};
