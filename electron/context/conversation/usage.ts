// SPDX-License-Identifier: MIT
import type { ContextUsage } from '../../../shared/ipc/context';

/** The context usage; the percentage is of the full window, so 80 % is where the margin starts. */
export const contextUsage = (messageCount: number, estimatedTokens: number, contextLimit: number | null): ContextUsage => ({
  messageCount,
  estimatedTokens,
  contextLimit: contextLimit && contextLimit > 0 ? contextLimit : null,
  usagePercent: contextLimit && contextLimit > 0 ? (estimatedTokens / contextLimit) * 100 : null,
});

export const reachesThreshold = (usage: ContextUsage, threshold: number): boolean =>
  usage.usagePercent !== null && usage.usagePercent >= threshold * 100;
