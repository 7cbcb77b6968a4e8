// SPDX-License-Identifier: MIT
import type { ContextPreview } from '../../../shared/ipc/context';
import { requestTotal } from '../store/usage-meter';

export interface InspectorTotal {
  /** The same figure as the meter's `data-tokens` (both are `requestTotal(preview).tokens`). */
  readonly tokens: number;
  readonly text: string;
}

const n = (value: number): string => value.toLocaleString('en-US');

/**
 * The inspector's headline count. It is the meter's figure, not a second computation: when a
 * section had to leave something out, the total says how much was sent and how much was left out.
 */
export const inspectorTotal = (preview: ContextPreview): InspectorTotal => {
  const total = requestTotal(preview);
  const text =
    total.leftOut > 0
      ? `${n(total.tokens)} tokens needed (${n(total.sent)} sent, ${n(total.leftOut)} left out)`
      : `${n(total.tokens)} tokens`;
  return { tokens: total.tokens, text };
};
