// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { DEFAULT_PROVIDER, ModelSettings, ProviderId, ProviderSettings } from './assistant-schema';
import { share, unique, wholeNumber } from './fields';
import { custom, group, ordinary } from './setting';

/*
 * What the assistant is built from: the model providers, per-model limits, how commands from other
 * terminals are scored for the catalog, and redaction.
 */

export const providers = custom({
  schema: z
    .array(ProviderSettings)
    .max(20)
    .refine((list) => unique(list, (p) => p.id), 'provider ids must be unique'),
  default: [DEFAULT_PROVIDER],
  editor: 'providers',
  // The default provider must be sent with a provider list it refers to.
  sendWith: ['defaultProviderId'],
});

/** Must name one of the providers: a cross-field rule (rules.ts). */
export const defaultProviderId = custom({
  schema: ProviderId.nullable(),
  default: DEFAULT_PROVIDER.id as string | null,
  editor: 'providers',
});

export const models = custom({
  schema: z
    .array(ModelSettings)
    .max(500)
    .refine((list) => unique(list, (m) => m.model), 'one entry per model'),
  default: [],
  editor: 'models',
});

/**
 * With the default weights: something recent on the same host passes; a recent command elsewhere
 * passes only if it failed or shares a toolchain; an hour-old command in another project does not.
 * The context engine's scorer (electron/context/relevance/relevance.ts) uses it as its own default.
 */
export const DEFAULT_RELEVANCE_THRESHOLD = 0.35;

const weight = (label: string, value: number) =>
  ordinary({
    schema: share(0, 1, 'e.g. 0.4'),
    default: value,
    label: `${label} weight`,
    control: { kind: 'number', inputMode: 'decimal' },
    row: { id: 'weights', columns: 4 },
  });

/** A two-hour window for recently ended sessions; the working directory weighs most. */
export const relevance = group(
  {
    windowMinutes: ordinary({
      schema: wholeNumber(1, 7 * 24 * 60, 'minutes'),
      default: 120,
      label: 'Window (minutes)',
      hint: 'How far back ended sessions count',
      control: { kind: 'number', inputMode: 'numeric' },
      row: { id: 'scope' },
    }),
    threshold: ordinary({
      schema: share(0, 1, 'e.g. 0.35 lists commands scoring 35 % or more'),
      default: DEFAULT_RELEVANCE_THRESHOLD,
      label: 'Threshold (0–1)',
      hint: 'Minimum score to be listed',
      control: { kind: 'number', inputMode: 'decimal' },
      row: { id: 'scope' },
    }),
    weights: group(
      {
        cwd: weight('Same directory', 0.4),
        time: weight('Recent in time', 0.3),
        hostname: weight('Same host', 0.15),
        commandPattern: weight('Same toolchain', 0.15),
      },
      { checks: [{ check: (w) => w.cwd + w.time + w.hostname + w.commandPattern > 0, message: 'at least one weight must be above 0' }] },
    ),
  },
  { title: 'Relevance' },
);

export const RedactionPattern = z
  .object({
    kind: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/),
    pattern: z.string().min(1).max(500),
    caseInsensitive: z.boolean().default(false),
  })
  .strict();
export type RedactionPattern = z.infer<typeof RedactionPattern>;

export const redaction = group(
  {
    enabled: ordinary({
      schema: z.boolean(),
      default: true,
      fillIfMissing: true,
      label: 'Replace secrets (keys, tokens, passwords) with placeholders before anything reaches a model',
      control: { kind: 'checkbox', whenOff: 'Off: recorded output goes to the model as it is.' },
      testId: 'redaction-enabled',
    }),
    /** The user's own patterns, on top of the built-in secret detectors; each checked for speed on save. */
    userPatterns: custom({ schema: z.array(RedactionPattern).max(100), default: [], fillIfMissing: true, editor: 'redaction-patterns' }),
  },
  { title: 'Redaction' },
);
