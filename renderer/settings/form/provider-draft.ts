// SPDX-License-Identifier: MIT
import type { ProviderKind, ProviderSettings } from '../../../shared/settings/assistant-schema';
import { numberFromText, type DraftCodec } from '../../../shared/settings/draft';

/** A provider as edited: the timeout is still the text typed. */
export interface ProviderDraft {
  readonly id: string;
  readonly kind: ProviderKind;
  readonly label: string;
  readonly baseUrl: string;
  readonly defaultModel: string;
  readonly timeoutSeconds: string;
}

const providerDraftOf = (p: ProviderSettings): ProviderDraft => ({
  id: p.id,
  kind: p.kind,
  label: p.label,
  baseUrl: p.baseUrl,
  defaultModel: p.defaultModel,
  timeoutSeconds: String(p.timeoutSeconds),
});

const providerOf = (p: ProviderDraft): ProviderSettings => ({
  id: p.id,
  kind: p.kind,
  label: p.label,
  baseUrl: p.baseUrl.trim(),
  defaultModel: p.defaultModel.trim(),
  timeoutSeconds: numberFromText(p.timeoutSeconds),
});

export const providersCodec: DraftCodec<ProviderSettings[], readonly ProviderDraft[]> = {
  toDraft: (providers) => providers.map(providerDraftOf),
  fromDraft: (drafts) => drafts.map(providerOf),
};

/** A fresh provider id not yet used: `openai`, `openai-2`, … */
export const newProviderId = (kind: ProviderKind, existing: readonly { id: string }[]): string => {
  const base = kind === 'openai-compatible' ? 'local' : kind;
  const taken = new Set(existing.map((p) => p.id));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
};
