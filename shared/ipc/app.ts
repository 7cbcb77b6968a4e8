// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { invoke, send } from './define';

export const HostKind = z.enum(['electron', 'web']);

export const AppInfo = z.object({
  version: z.string(),
  host: HostKind,
  platform: z.string(),
  dataDir: z.string(),
  /** Things the user must be told at start (a damaged database was replaced, …). */
  notices: z.array(z.string()),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const appChannels = {
  'app:info': invoke(z.strictObject({}), AppInfo),
  /** Opens an http(s) link in the user's browser; anything else is refused. */
  'app:open-external': send(z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(8192) })),
} as const;
