// SPDX-License-Identifier: MIT
import { effectiveLimit, SAFETY_MARGIN } from '../domain/model-limits';
import type { CrossFieldRule } from './setting';

/*
 * The rules no single field's schema can say. Both processes run these same functions (main in
 * electron/settings/validate.ts, the renderer in shared/settings/draft.ts), so a rule has one
 * message wherever it is broken.
 */

/**
 * What the rules read of the settings. registry.ts lists the rules, so they are typed by this
 * shape rather than by its `Settings` (which has it): the two files would otherwise import each other.
 */
interface RuledSettings {
  readonly providers: readonly { readonly id: string }[];
  readonly defaultProviderId: string | null;
  readonly models: readonly { readonly contextLimit: number; readonly reservedOutputTokens: number }[];
}

/** The default provider is one of the providers (null: none). */
const defaultProviderExists: CrossFieldRule<RuledSettings> = {
  sections: ['providers', 'defaultProviderId'],
  check: (settings, hasError) => {
    const id = settings.defaultProviderId;
    if (id === null || hasError('defaultProviderId') || settings.providers.some((p) => p.id === id)) return [];
    return [{ path: 'defaultProviderId', message: `there is no provider "${id}"` }];
  },
};

/**
 * Requests are assembled to a share of the window (SAFETY_MARGIN), so the answer's reserve must
 * fit below it. Checked only against a limit that is itself valid: a wrong limit gets its own
 * message, not a second one here.
 */
/**
 * Why an answer reserve does not fit a context limit, or undefined: the one wording for the
 * settings rule below and for the per-model limits the context engine sets (model-config-service).
 */
export const reserveProblem = (contextLimit: number, reservedOutputTokens: number): string | undefined => {
  if (!(contextLimit > 0)) return undefined;
  const effective = effectiveLimit(contextLimit);
  if (reservedOutputTokens < effective) return undefined;
  return `must be below ${effective} (${Math.round(SAFETY_MARGIN * 100)} % of the limit, where requests are assembled to)`;
};

const reserveBelowLimit: CrossFieldRule<RuledSettings> = {
  sections: ['models'],
  check: (settings, hasError) =>
    settings.models.flatMap((m, i) => {
      const path = `models.${i}.reservedOutputTokens`;
      if (!(m.contextLimit > 0) || hasError(`models.${i}.contextLimit`) || hasError(path) || !Number.isFinite(m.reservedOutputTokens))
        return [];
      const message = reserveProblem(m.contextLimit, m.reservedOutputTokens);
      return message ? [{ path, message }] : [];
    }),
};

export const SETTINGS_RULES: readonly CrossFieldRule<RuledSettings>[] = [defaultProviderExists, reserveBelowLimit];
