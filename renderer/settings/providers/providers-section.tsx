// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { ProviderKind } from '../../../shared/ipc/settings';
import { keyStorageNote } from './key-storage-note';
import { ProviderCard } from './provider-card';
import type { SectionProps } from '../form/settings-form';
import { DEFAULT_BASE_URLS, DEFAULT_TIMEOUT_SECONDS } from '../../../shared/settings/assistant-schema';
import { newProviderId } from '../form/provider-draft';

const NEW_LABEL = { 'openai-compatible': 'Local server', openai: 'OpenAI', anthropic: 'Anthropic' } as const;

export const ProvidersSection = ({ draft, errors, saved, update }: SectionProps) => {
  const [kind, setKind] = useState<ProviderKind>('openai');
  const add = () =>
    update((d) => {
      const id = newProviderId(kind, d.providers);
      return {
        ...d,
        providers: [
          ...d.providers,
          {
            id,
            kind,
            label: NEW_LABEL[kind],
            baseUrl: DEFAULT_BASE_URLS[kind],
            defaultModel: '',
            timeoutSeconds: String(DEFAULT_TIMEOUT_SECONDS),
          },
        ],
        defaultProviderId: d.defaultProviderId ?? id,
      };
    });
  return (
    <section className="settings-section" id="settings-providers" aria-labelledby="settings-providers-title">
      <h3 id="settings-providers-title">Providers</h3>
      {saved.keyStorage && !saved.keyStorage.secure && (
        <p className="field-hint warn" data-testid="key-storage-note">
          {keyStorageNote(saved.keyStorage.backend)}
        </p>
      )}
      {errors.providers && (
        <span className="field-error" role="alert">
          {errors.providers}
        </span>
      )}
      {errors.defaultProviderId && (
        <span className="field-error" role="alert">
          Default provider: {errors.defaultProviderId}
        </span>
      )}
      {draft.providers.map((provider, index) => (
        <ProviderCard
          key={provider.id}
          draft={provider}
          index={index}
          saved={saved.providers.find((p) => p.id === provider.id)}
          errors={errors}
          isDefault={draft.defaultProviderId === provider.id}
          onChange={(next) => update((d) => ({ ...d, providers: d.providers.map((p, i) => (i === index ? next : p)) }))}
          onRemove={() =>
            update((d) => {
              const providers = d.providers.filter((_, i) => i !== index);
              const defaultProviderId = d.defaultProviderId === provider.id ? (providers[0]?.id ?? null) : d.defaultProviderId;
              return { ...d, providers, defaultProviderId };
            })
          }
          onMakeDefault={() => update((d) => ({ ...d, defaultProviderId: provider.id }))}
        />
      ))}
      <div className="add-row">
        <select aria-label="Kind of provider to add" value={kind} onChange={(event) => setKind(event.target.value as ProviderKind)}>
          {ProviderKind.options.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
        <button className="small" onClick={add}>
          Add provider
        </button>
      </div>
    </section>
  );
};
