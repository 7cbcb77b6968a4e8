// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import { defaultReservedOutput, unlimitedModelConfig } from '../../../shared/domain/model-limits';
import type { ModelContextConfigView } from '../../../shared/ipc/context';
import { useCurrentModel } from '../../assistant/model/model-choice';
import { modelOptions } from '../../assistant/model/model-options';
import { invoke } from '../../transport/invoke';
import { CheckField, Field, TextField } from '../fields/field';
import type { SectionProps } from '../form/settings-form';
import { autoCompactShown, modelDraftOf, NO_LIMIT_LABEL, type ModelDraft } from '../form/model-draft';

const SOURCE = { user: 'your setting', default: 'shipped default for this model', none: 'no limit known for this model' } as const;

/**
 * Per-model limits for one model at a time (the assistant's selected model first). A model without
 * an entry shows the engine's values; the first edit turns them into the user's entry.
 */
export const ModelsSection = ({ draft, errors, saved, update }: SectionProps) => {
  const current = useCurrentModel();
  const names = [
    ...new Set([...(current ? [current.model] : []), ...modelOptions(saved).map((o) => o.model), ...draft.models.map((m) => m.model)]),
  ];
  const [selected, setSelected] = useState(current?.model ?? names[0] ?? '');
  const [engine, setEngine] = useState<ModelContextConfigView | undefined>();
  const [reserveTouched, setReserveTouched] = useState(false);
  const limitInput = useRef<HTMLInputElement>(null);
  const index = draft.models.findIndex((m) => m.model === selected);
  const entry = index >= 0 ? draft.models[index] : undefined;

  useEffect(() => {
    setEngine(undefined);
    setReserveTouched(false);
    if (!selected.trim()) return;
    let live = true;
    void invoke('context:get-model-config', { model: selected.trim() }).then((result) => live && result.ok && setEngine(result.value));
    return () => {
      live = false;
    };
  }, [selected]);

  // Until the engine answers, a named model shows what the engine gives a model it does not know.
  const base: ModelDraft | undefined =
    entry ?? (engine ? modelDraftOf(engine) : selected.trim() ? modelDraftOf(unlimitedModelConfig(selected.trim())) : undefined);

  const edit = (patch: Partial<ModelDraft>) => {
    if (!base) return;
    // A new window gets a reserve sized for it (as the engine does) unless the user set one.
    const limit =
      patch.contextLimit !== undefined && !reserveTouched ? (patch.noLimit ? 0 : Number(patch.contextLimit.trim() || 0)) : undefined;
    const reserve =
      limit !== undefined && Number.isInteger(limit) && limit >= 0 ? { reservedOutputTokens: String(defaultReservedOutput(limit)) } : {};
    const next = { ...base, ...reserve, ...patch, model: selected.trim() };
    update((d) => ({ ...d, models: index >= 0 ? d.models.map((m, i) => (i === index ? next : m)) : [...d.models, next] }));
  };
  const at = (field: string) => (index >= 0 ? errors[`models.${index}.${field}`] : undefined);

  return (
    <section className="settings-section" id="settings-models" aria-labelledby="settings-models-title">
      <h3 id="settings-models-title">Models</h3>
      <TextField
        label="Model"
        hint="Limits are kept per model name"
        value={selected}
        list="settings-model-names"
        spellCheck={false}
        data-testid="model-name-input"
        onValue={setSelected}
      />
      <datalist id="settings-model-names">
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {base && (
        <>
          <p className="field-hint">
            {entry ? SOURCE.user : engine ? SOURCE[engine.source] : 'not known to the engine'}
            {entry && (
              <button
                className="link-button"
                onClick={() => update((d) => ({ ...d, models: d.models.filter((m) => m.model !== selected) }))}
              >
                {' '}
                reset to default
              </button>
            )}
          </p>
          <div className="field-row">
            <div className="limit-field">
              <TextField
                ref={limitInput}
                label="Context limit (tokens)"
                hint={base.noLimit ? 'No limit: usage is shown without a percentage' : 'The model’s context window, e.g. 128000'}
                inputMode="numeric"
                placeholder={base.noLimit ? NO_LIMIT_LABEL.toLowerCase() : undefined}
                data-testid="model-limit-input"
                value={base.noLimit ? '' : base.contextLimit}
                error={at('contextLimit')}
                // Emptying the field is choosing "No limit" (the box shows it); typing a number un-chooses it.
                onValue={(contextLimit) => edit({ contextLimit, noLimit: contextLimit.trim() === '' })}
              />
              <CheckField
                label={NO_LIMIT_LABEL}
                checked={base.noLimit}
                testId="model-no-limit"
                onValue={(noLimit) => {
                  edit({ noLimit, contextLimit: noLimit ? '' : base.contextLimit });
                  if (!noLimit) limitInput.current?.focus();
                }}
              />
            </div>
            <TextField
              label="Warn at (0.05–1)"
              hint="Share of the limit, e.g. 0.8"
              inputMode="decimal"
              data-testid="model-warning-input"
              value={base.warningThreshold}
              error={at('warningThreshold')}
              onValue={(warningThreshold) => edit({ warningThreshold })}
            />
          </div>
          <div className="field-row">
            <Field label="Compaction" error={at('compactionMode')}>
              {(a11y) => (
                <select
                  {...a11y}
                  data-testid="model-compaction-select"
                  value={base.compactionMode}
                  onChange={(event) => edit({ compactionMode: event.target.value as ModelDraft['compactionMode'] })}
                >
                  <option value="summarize">summarize</option>
                  <option value="truncate-oldest">truncate-oldest</option>
                </select>
              )}
            </Field>
            <label
              className="checkbox-field"
              title="Before a question whose request would leave older messages out, compact first (undoable). On by default for models under 16K tokens."
            >
              <input
                type="checkbox"
                data-testid="model-auto-compact"
                checked={autoCompactShown(base)}
                onChange={(event) => edit({ autoCompact: event.target.checked })}
              />
              Compact automatically
            </label>
            <TextField
              label="Reserved for the answer (tokens)"
              inputMode="numeric"
              data-testid="model-reserved-input"
              value={base.reservedOutputTokens}
              error={at('reservedOutputTokens')}
              onValue={(reservedOutputTokens) => {
                setReserveTouched(true);
                edit({ reservedOutputTokens });
              }}
            />
          </div>
          {index >= 0 && errors[`models.${index}.model`] && (
            <span className="field-error" role="alert">
              {errors[`models.${index}.model`]}
            </span>
          )}
        </>
      )}
      {errors.models && (
        <span className="field-error" role="alert">
          {errors.models}
        </span>
      )}
      {draft.models.length > 0 && (
        <div className="configured-models">
          Configured:{' '}
          {draft.models.map((m) => (
            <button key={m.model} className={`chip-button${m.model === selected ? ' current' : ''}`} onClick={() => setSelected(m.model)}>
              {m.model}
            </button>
          ))}
        </div>
      )}
    </section>
  );
};
