// SPDX-License-Identifier: MIT
import type { CompactionMode } from '../../../shared/domain/model-config';
import { numberFromText, type DraftCodec } from '../../../shared/settings/draft';
import { autoCompactOn, type ModelSettings } from '../../../shared/settings/assistant-schema';

/** A model's limits as edited: numbers as typed, "No limit" as its own choice. */
export interface ModelDraft {
  readonly model: string;
  /** The limit as typed; ignored (and empty) while `noLimit` is chosen. */
  readonly contextLimit: string;
  /** "No limit" chosen explicitly (stored as a limit of 0); a typed 0 is an error instead. */
  readonly noLimit: boolean;
  readonly warningThreshold: string;
  readonly compactionMode: CompactionMode;
  readonly reservedOutputTokens: string;
  /** Compact before a question that would leave history out; undefined = the default for its limit. */
  readonly autoCompact: boolean | undefined;
}

export const NO_LIMIT_LABEL = 'No limit';
const LIMIT_EXAMPLE = 'e.g. 128000';

export const modelDraftOf = (m: ModelSettings): ModelDraft => ({
  model: m.model,
  contextLimit: m.contextLimit > 0 ? String(m.contextLimit) : '',
  noLimit: m.contextLimit <= 0,
  warningThreshold: String(m.warningThreshold),
  compactionMode: m.compactionMode,
  reservedOutputTokens: String(m.reservedOutputTokens),
  autoCompact: m.autoCompact,
});

/** What the "Compact automatically" box shows: the user's choice, else the default for the limit. */
export const autoCompactShown = (m: ModelDraft): boolean =>
  m.autoCompact ?? autoCompactOn({ contextLimit: m.noLimit ? 0 : Number(m.contextLimit) || 0, autoCompact: undefined });

/** The context limit: 0 only when "No limit" was chosen; a typed 0 or nothing at all is explained. */
const limitAt = (m: ModelDraft, path: string, errors: Record<string, string>): number => {
  if (m.noLimit) return 0;
  const trimmed = m.contextLimit.trim();
  if (trimmed === '') {
    errors[path] = `enter the model\u2019s context window in tokens (${LIMIT_EXAMPLE}), or choose \u201c${NO_LIMIT_LABEL}\u201d`;
    return 0;
  }
  const value = Number(trimmed);
  if (value === 0)
    errors[path] =
      `0 tokens is not a limit: enter the model\u2019s context window (${LIMIT_EXAMPLE}), or choose \u201c${NO_LIMIT_LABEL}\u201d if it has none`;
  return value;
};

export const modelsCodec: DraftCodec<ModelSettings[], readonly ModelDraft[]> = {
  toDraft: (models) => models.map(modelDraftOf),
  fromDraft: (drafts, errors, path) =>
    drafts.map((m, i) => ({
      model: m.model.trim(),
      contextLimit: limitAt(m, `${path}.${i}.contextLimit`, errors),
      warningThreshold: numberFromText(m.warningThreshold),
      compactionMode: m.compactionMode,
      // An empty reserve is none.
      reservedOutputTokens: m.reservedOutputTokens.trim() === '' ? 0 : Number(m.reservedOutputTokens.trim()),
      ...(m.autoCompact === undefined ? {} : { autoCompact: m.autoCompact }),
    })),
};
