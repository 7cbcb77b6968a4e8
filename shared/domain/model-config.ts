// SPDX-License-Identifier: MIT
import { z } from 'zod';

/*
 * Per-model context facts. They are domain data (the engine, the settings and the model-limit
 * helpers beside this file all use them), so they live here; the IPC contract re-exports them.
 */

/** `summarize` asks the configured model for a summary of older messages; `truncate-oldest` drops them. */
export const CompactionMode = z.enum(['summarize', 'truncate-oldest']);
export type CompactionMode = z.infer<typeof CompactionMode>;

export const ModelName = z.string().min(1).max(200);

/** A stored per-model configuration. `contextLimit` 0 means "no limit known". */
export const ModelContextConfig = z.object({
  model: ModelName,
  contextLimit: z.number().int().min(0).max(100_000_000),
  compactionMode: CompactionMode,
  warningThreshold: z.number().min(0.05).max(1),
  reservedOutputTokens: z.number().int().min(0).max(10_000_000),
});
export type ModelContextConfig = z.infer<typeof ModelContextConfig>;
