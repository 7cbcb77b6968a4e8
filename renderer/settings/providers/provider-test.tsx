// SPDX-License-Identifier: MIT
import { useState } from 'react';
import type { TestProviderResult } from '../../../shared/ipc/settings';
import { ProviderSettings } from '../../../shared/ipc/settings';
import { describeError } from '../../assistant/messages/error-text';
import { invoke } from '../../transport/invoke';
import type { ProviderDraft } from '../form/provider-draft';

/** "Test connection" for a provider as currently edited (unsaved edits included). */
export const ProviderTest = ({ draft }: { draft: ProviderDraft }) => {
  const [result, setResult] = useState<TestProviderResult | { error: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const test = async () => {
    const edits = ProviderSettings.safeParse({ ...draft, baseUrl: draft.baseUrl.trim(), timeoutSeconds: Number(draft.timeoutSeconds) });
    if (!edits.success) return setResult({ error: 'Fix the fields above first.' });
    setBusy(true);
    setResult(undefined);
    const response = await invoke('settings:test-provider', {
      providerId: draft.id,
      provider: edits.data,
      ...(draft.defaultModel.trim() ? { model: draft.defaultModel.trim() } : {}),
    });
    setBusy(false);
    setResult(response.ok ? response.value : { error: response.error.message });
  };

  let line: string | undefined;
  let ok = false;
  if (result && 'ok' in result) {
    ok = result.ok;
    line = result.ok
      ? `Connected in ${result.latencyMs} ms${result.models.length > 0 ? ` · ${result.models.length} models` : ''}${result.method === 'completion' ? ' (test completion)' : ''}.`
      : result.error
        ? `${describeError(result.error, { baseUrl: draft.baseUrl, model: draft.defaultModel }).title} ${result.error.message}`
        : 'Failed.';
  } else if (result) line = result.error;

  return (
    <div className="provider-test">
      <button className="small" data-testid="provider-test" disabled={busy} onClick={() => void test()}>
        {busy ? 'Testing…' : 'Test connection'}
      </button>
      {line && (
        <span className={ok ? 'test-ok' : 'test-fail'} role="status" data-testid="provider-test-result" data-ok={ok}>
          {line}
        </span>
      )}
    </div>
  );
};
