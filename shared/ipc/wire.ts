// SPDX-License-Identifier: MIT
import { z } from 'zod';

/**
 * The WebSocket framing of the IPC contract. Payloads are validated by the router against the
 * channel map; this only checks the envelope.
 */
export const ClientFrame = z.discriminatedUnion('t', [
  z.object({ t: z.literal('invoke'), id: z.number().int().min(0), channel: z.string().max(64), payload: z.unknown() }),
  z.object({ t: z.literal('send'), channel: z.string().max(64), payload: z.unknown() }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/**
 * The frame parser by its schema: the reference electron/web/client-frame.test.ts holds the browser
 * host's zod-free parser (electron/web/client-frame.ts) to. Not used on the host's hot path.
 */
export const parseClientFrame = (text: string): ClientFrame | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value === 'object' && value !== null && (value as { t?: unknown }).t === 'send') {
    const frame = value as { channel?: unknown };
    if (typeof frame.channel === 'string' && frame.channel.length <= 64) return value as ClientFrame;
  }
  const parsed = ClientFrame.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

// The names and the server's frames have no schema: the page imports them without zod (wire-names.ts).
export { WS_PROTOCOL, WS_TOKEN_PROTOCOL_PREFIX } from './wire-names';
