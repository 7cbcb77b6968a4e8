// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { invoke } from '../../transport/invoke';

type Mode = 'init' | 'join';

/**
 * Setting sync up from Settings, as `contexterm sync init|join` does: the bucket's endpoint, name,
 * prefix and region (credentials come from the AWS variables and files main sees, never typed here),
 * and for a join the group's recovery phrase. A new group's phrase comes back once, to `onPhrase`.
 */
export const SyncSetUp = ({ onPhrase }: { onPhrase: (phrase: string) => void }) => {
  const [mode, setMode] = useState<Mode>('init');
  const [endpoint, setEndpoint] = useState('');
  const [bucket, setBucket] = useState('');
  const [prefix, setPrefix] = useState('');
  const [region, setRegion] = useState('us-east-1');
  const [deviceName, setDeviceName] = useState('');
  const [commandsOnly, setCommandsOnly] = useState(false);
  const [phrase, setPhrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    const result = await invoke('sync:set-up', {
      endpoint: endpoint.trim(),
      bucket,
      prefix,
      region,
      deviceName,
      commandsOnly,
      ...(mode === 'join' ? { phrase } : {}),
    });
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    setPhrase('');
    if (result.value.phrase !== null) onPhrase(result.value.phrase);
  };

  const text = (label: string, testId: string, value: string, set: (value: string) => void, placeholder = '') => (
    <label className="field">
      {label}
      <input data-testid={testId} value={value} placeholder={placeholder} spellCheck={false} onChange={(e) => set(e.target.value)} />
    </label>
  );

  return (
    <fieldset className="sync-set-up" data-testid="sync-set-up">
      <legend>Set up sync</legend>
      <div className="field-row">
        <label>
          <input type="radio" name="sync-mode" data-testid="sync-mode-init" checked={mode === 'init'} onChange={() => setMode('init')} />{' '}
          Start a new group (first device)
        </label>
        <label>
          <input type="radio" name="sync-mode" data-testid="sync-mode-join" checked={mode === 'join'} onChange={() => setMode('join')} />{' '}
          Join a group with its phrase
        </label>
      </div>
      <div className="field-row">
        {text('Endpoint', 'sync-endpoint', endpoint, setEndpoint, 'https://s3.eu-west-1.amazonaws.com')}
        {text('Bucket', 'sync-bucket', bucket, setBucket, 'my-history')}
      </div>
      <div className="field-row">
        {text('Prefix (optional)', 'sync-prefix', prefix, setPrefix)}
        {text('Region', 'sync-region', region, setRegion)}
        {text('This device’s name (optional)', 'sync-device-name', deviceName, setDeviceName, 'the host name')}
      </div>
      <label>
        <input
          type="checkbox"
          data-testid="sync-commands-only"
          checked={commandsOnly}
          onChange={(e) => setCommandsOnly(e.target.checked)}
        />{' '}
        Send command lines only, not their output
      </label>
      {mode === 'join' && (
        <label className="field">
          Recovery phrase (24 words)
          <textarea
            data-testid="sync-phrase"
            rows={2}
            value={phrase}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setPhrase(e.target.value)}
          />
        </label>
      )}
      <p className="field-hint">
        Credentials come from the AWS variables and files (AWS_ACCESS_KEY_ID, ~/.aws) of the app&apos;s environment; they are never stored
        by Contexterm.
      </p>
      {error && (
        <p className="field-error" role="alert" data-testid="sync-set-up-error">
          {error}
        </p>
      )}
      <button
        className="small"
        data-testid="sync-set-up-submit"
        disabled={busy || endpoint.trim() === '' || bucket.trim() === ''}
        onClick={() => void submit()}
      >
        {busy ? 'Checking the bucket…' : mode === 'init' ? 'Start syncing' : 'Join'}
      </button>
    </fieldset>
  );
};
