// SPDX-License-Identifier: MIT
import { encodingForModel } from './tokenizer';
import type { CalibrationEntry, TokenCounters } from './token-counter';

/** Where learned calibration is kept between launches (the store's settings table in the app). */
export interface CalibrationRepository {
  load(): Promise<string | undefined>;
  save(json: string): Promise<void>;
}

type Saved = Record<string, CalibrationEntry>;

const parse = (json: string | undefined): Saved => {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Saved) : {};
  } catch {
    return {};
  }
};

/**
 * Keeps the factors learned from providers' usage reports across a restart. They lived only in
 * memory, so a restart reset a learned ×0.5 to ×1 and the same conversation's meter jumped from
 * 64 % to 111 % with no question asked (system prompt 88 → 176 tokens). Only models
 * without a local tokenizer are kept: the others are counted exactly, whatever their factor.
 * Returns the unsubscribe; a failed save is reported, never thrown into the answer that taught it.
 */
export const persistCalibration = async (
  counters: TokenCounters,
  repository: CalibrationRepository,
  onError: (error: unknown) => void = () => undefined,
): Promise<() => void> => {
  const saved = parse(await repository.load().catch((error: unknown) => (onError(error), undefined)));
  for (const [model, entry] of Object.entries(saved)) {
    if (encodingForModel(model) === null && entry && typeof entry === 'object') counters.calibration.restore(model, entry);
  }
  return counters.onProviderCalibration((model) => {
    saved[model] = { factor: counters.calibration.factor(model), samples: counters.calibration.samples(model) };
    repository.save(JSON.stringify(saved)).catch(onError);
  });
};
