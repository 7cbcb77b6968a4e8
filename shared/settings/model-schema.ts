// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { CompactionMode } from '../domain/model-config';
import { share, wholeNumber } from './fields';

/** Field names match the context engine's ModelContextConfig, so one can feed the other. */
export const ModelSettings = z.strictObject({
  model: z.string().min(1).max(200),
  /** 0 means "no limit known". */
  contextLimit: wholeNumber(0, 100_000_000, 'tokens', {
    expected: 'enter the model\u2019s context window as a whole number of tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooSmall: 'a limit cannot be negative: enter the model\u2019s context window in tokens (e.g. 128000), or choose \u201cNo limit\u201d',
    tooBig: 'at most 100,000,000 tokens',
  }),
  warningThreshold: share(0.05, 1, 'e.g. 0.8 warns at 80 % of the limit'),
  compactionMode: CompactionMode,
  /** Must stay below the limit requests are assembled to: a cross-field rule (rules.ts). */
  reservedOutputTokens: wholeNumber(0, 10_000_000, 'tokens'),
  /**
   * Compact before a question whose request would leave history out. Absent means the default:
   * on for models under 16K tokens (where every turn counts), off above.
   */
  autoCompact: z.boolean().optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

/** Below this window, auto-compaction is on unless the user turned it off. */
export const AUTO_COMPACT_BELOW_TOKENS = 16_000;

export const autoCompactOn = (m: Pick<ModelSettings, 'contextLimit' | 'autoCompact'> | undefined): boolean =>
  m?.autoCompact ?? (m !== undefined && m.contextLimit > 0 && m.contextLimit < AUTO_COMPACT_BELOW_TOKENS);
