// SPDX-License-Identifier: MIT
import { useState } from 'react';
import type { ProviderView } from '../../../shared/ipc/settings';
import { invoke } from '../../transport/invoke';

/**
 * The API key of a saved provider. Write-only: the field is cleared once the key is stored, and the
 * page only ever learns whether a key exists (and where from), never its value.
 */
export const ProviderKey = ({ providerId, saved }: { providerId: string; saved: ProviderView | undefined }) => {
  const [key, setKey] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (!saved) return <div className="field-hint">Save the provider first, then add its key.</div>;

  const store = async () => {
    setBusy(true);
    const result = await invoke('settings:set-key', { providerId, key: key.trim() });
    setBusy(false);
    setKey('');
    setStatus(result.ok ? 'Key saved.' : result.error.message.replace(/^key: /, ''));
  };
  const remove = async () => {
    setBusy(true);
    const result = await invoke('settings:delete-key', { providerId });
    setBusy(false);
    setStatus(result.ok ? (result.value.hasKey ? 'The environment still provides a key.' : 'Key removed.') : result.error.message);
  };

  const state = saved.hasKey ? (saved.keySource === 'environment' ? 'key from CONTEXTERM_API_KEY' : 'key saved') : 'no key';
  return (
    <div className="provider-key">
      <span className={`key-state ${saved.hasKey ? 'has-key' : ''}`} data-testid="key-state">
        {state}
      </span>
      <input
        type="password"
        aria-label={`API key for ${saved.label}`}
        data-testid="provider-key-input"
        autoComplete="off"
        spellCheck={false}
        placeholder={saved.hasKey ? 'Replace the key' : 'Paste an API key'}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && key.trim()) {
            event.preventDefault();
            void store();
          }
        }}
      />
      <button className="small" data-testid="provider-key-save" disabled={busy || !key.trim()} onClick={() => void store()}>
        Save key
      </button>
      {saved.hasKey && saved.keySource === 'stored' && (
        <button className="small" disabled={busy} onClick={() => void remove()}>
          Remove key
        </button>
      )}
      {status && (
        <span className="field-hint" role="status">
          {status}
        </span>
      )}
    </div>
  );
};
