// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { event, invoke, send } from './define';
import { MAX_EXTERNAL_URL, toExternalUrl } from './external-url';
import { NoteRequest } from './notifications';

const HostKind = z.enum(['electron', 'web']);

const AppInfo = z.object({
  version: z.string(),
  host: HostKind,
  platform: z.string(),
  dataDir: z.string(),
  /** Things the user must be told at start (a damaged database was replaced, …). */
  notices: z.array(z.string()),
});
type AppInfo = z.infer<typeof AppInfo>;

export { toExternalUrl } from './external-url';

const ThreadMemory = z.object({
  thread: z.string(),
  heapUsedMb: z.number(),
  heapTotalMb: z.number(),
  newSpaceMb: z.number(),
  externalMb: z.number(),
});

/** The host process's memory (MB), for diagnostics and the footprint bench: see electron/runtime/process-memory.ts. */
export const MemoryReport = z.object({
  rssMb: z.number(),
  anonymousMb: z.number().optional(),
  fileMb: z.number().optional(),
  /** The C allocator (glibc): in use, and freed but not yet given back. */
  mallocUsedMb: z.number().optional(),
  mallocFreeMb: z.number().optional(),
  threads: z.array(ThreadMemory),
});
export type MemoryReport = z.infer<typeof MemoryReport>;

export const appChannels = {
  'app:info': invoke(z.strictObject({}), AppInfo),
  'app:memory': invoke(z.strictObject({}), MemoryReport),
  /** Opens an http(s) link in the user's browser; anything else is refused (see toExternalUrl). */
  'app:open-external': send(
    z.strictObject({
      // Checked on the raw string: z.url() would first strip the whitespace that toExternalUrl refuses.
      url: z
        .string()
        .max(MAX_EXTERNAL_URL)
        .refine((url) => toExternalUrl(url) !== undefined, 'not an http(s) link that may leave the app'),
    }),
  ),
  /** Desktop only: shows a system notification (a long command finished in the background); browser mode ignores it. */
  'app:notify': send(NoteRequest),
  /** The user clicked the notification `app:notify` showed (sent to the window that asked for it). */
  'app:notification-clicked': event(z.object({ tag: z.string() })),
} as const;
