// SPDX-License-Identifier: MIT
import type { ModelRef } from '../../../shared/ipc/assistant';

const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * The model chosen in an earlier visit (localStorage), if it is still a valid ModelRef: the same
 * rules as that schema (shared/ipc/assistant.ts; saved-model.test.ts holds them together), checked
 * by hand because the store is created at start-up and the schema would bring zod with it.
 */
export const savedModel = (value: unknown): ModelRef | undefined => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !keys.includes('providerId') || !keys.includes('model')) return undefined;
  const { providerId, model } = value as Record<string, unknown>;
  if (typeof providerId !== 'string' || !PROVIDER_ID.test(providerId)) return undefined;
  if (typeof model !== 'string' || model.length < 1 || model.length > 200) return undefined;
  return { providerId, model };
};
