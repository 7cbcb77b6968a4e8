// SPDX-License-Identifier: MIT
import type { ClientFrame } from '../../shared/ipc/wire';

const isChannelName = (value: unknown): value is string => typeof value === 'string' && value.length <= 64;

/**
 * A page's frame, or undefined when it is not one: what shared/ipc/wire.ts parseClientFrame takes
 * (its fast path for sends, the ClientFrame schema for invokes; client-frame.test.ts holds the two
 * together), checked by hand so that the browser host's server, which must be up before anything
 * else, does not load zod to read its first frame. Payloads are the router's to validate.
 */
export const parseClientFrame = (text: string): ClientFrame | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { t, id, channel, payload } = value as Record<string, unknown>;
  if (!isChannelName(channel)) return undefined;
  if (t === 'send') return { t, channel, payload };
  // zod's object wants the key, even for an unknown value.
  if (t === 'invoke' && typeof id === 'number' && Number.isSafeInteger(id) && id >= 0 && 'payload' in value)
    return { t, id, channel, payload };
  return undefined;
};
