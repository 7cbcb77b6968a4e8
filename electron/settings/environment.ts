// SPDX-License-Identifier: MIT
import { BaseUrl, DEFAULT_BASE_URLS, ProviderKind, type ProviderSettings } from '../../shared/settings/assistant-schema';

const ENVIRONMENT_PROVIDER_ID = 'environment';

export interface EnvironmentProvider {
  readonly provider: ProviderSettings;
  /** Held in memory only; never written to the key store or the settings. */
  readonly apiKey: string | undefined;
}

export interface EnvironmentReading {
  readonly provider: EnvironmentProvider | undefined;
  /** Variables that were set but unusable, for the log (never includes the key's value). */
  readonly problems: readonly string[];
}

/**
 * The default model for first runs and tests: CONTEXTERM_PROVIDER,
 * CONTEXTERM_BASE_URL, CONTEXTERM_MODEL and CONTEXTERM_API_KEY. Saved settings take over from then on.
 */
export const readEnvironmentProvider = (env: Readonly<Record<string, string | undefined>>): EnvironmentReading => {
  const problems: string[] = [];
  const rawKind = env.CONTEXTERM_PROVIDER?.trim();
  const rawBase = env.CONTEXTERM_BASE_URL?.trim();
  const model = env.CONTEXTERM_MODEL?.trim() ?? '';
  const apiKey = env.CONTEXTERM_API_KEY?.trim() || undefined;
  if (!rawKind && !rawBase && !model && !apiKey) return { provider: undefined, problems };

  const kind = ProviderKind.safeParse(rawKind || 'openai-compatible');
  if (!kind.success) {
    problems.push(`CONTEXTERM_PROVIDER must be one of ${ProviderKind.options.join(', ')}; ignoring the CONTEXTERM_* provider.`);
    return { provider: undefined, problems };
  }
  let baseUrl = DEFAULT_BASE_URLS[kind.data];
  if (rawBase) {
    const parsed = BaseUrl.safeParse(rawBase);
    if (parsed.success) baseUrl = parsed.data;
    else problems.push(`CONTEXTERM_BASE_URL is not a usable http(s) URL; using ${baseUrl}.`);
  }
  if (model.length > 200) problems.push('CONTEXTERM_MODEL is longer than 200 characters; ignoring it.');
  return {
    provider: {
      provider: {
        id: ENVIRONMENT_PROVIDER_ID,
        kind: kind.data,
        label: `Environment (${kind.data})`,
        baseUrl,
        defaultModel: model.length > 200 ? '' : model,
        timeoutSeconds: 60,
      },
      apiKey,
    },
    problems,
  };
};
