// SPDX-License-Identifier: MIT
import { useState } from 'react';
import type { McpServersView } from '../../../shared/ipc/mcp';
import { invoke } from '../../transport/invoke';

/** `NAME=value` lines as an environment; a line without `=` is reported, not guessed at. */
const parseEnvLines = (text: string): { env: Record<string, string> } | { error: string } => {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const at = line.indexOf('=');
    if (at <= 0) return { error: `"${line.slice(0, 40)}" is not NAME=value.` };
    env[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return { env };
};

/**
 * Adds a server to mcp.json at once (not on Save): its name, the program, one argument a line (no
 * quoting to get wrong) and its environment. Main validates it and answers with the servers.
 */
export const McpServerForm = ({ onSaved }: { onSaved: (view: McpServersView) => void }) => {
  const [name, setName] = useState('');
  const [command, setCommand] = useState('');
  const [args, setArgs] = useState('');
  const [env, setEnv] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const parsed = parseEnvLines(env);
    if ('error' in parsed) return setError(parsed.error);
    setBusy(true);
    const lines = args.split('\n').filter((line) => line.trim() !== '');
    const result = await invoke('mcp:add', { name: name.trim(), command: command.trim(), args: lines, env: parsed.env });
    setBusy(false);
    if (!result.ok) return setError(result.error.message);
    setError(undefined);
    setName('');
    setCommand('');
    setArgs('');
    setEnv('');
    onSaved(result.value);
  };
  return (
    <fieldset className="mcp-server-form">
      <legend>Add a server</legend>
      <label>
        Name
        <input data-testid="mcp-add-name" value={name} placeholder="files" spellCheck={false} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Command
        <input
          data-testid="mcp-add-command"
          value={command}
          placeholder="npx"
          spellCheck={false}
          onChange={(e) => setCommand(e.target.value)}
        />
      </label>
      <label>
        Arguments, one a line
        <textarea data-testid="mcp-add-args" rows={2} value={args} spellCheck={false} onChange={(e) => setArgs(e.target.value)} />
      </label>
      <label>
        Environment, NAME=value a line
        <textarea data-testid="mcp-add-env" rows={2} value={env} spellCheck={false} onChange={(e) => setEnv(e.target.value)} />
      </label>
      {error && (
        <p className="field-error" role="alert" data-testid="mcp-add-error">
          {error}
        </p>
      )}
      <button
        className="small"
        data-testid="mcp-add"
        disabled={busy || name.trim() === '' || command.trim() === ''}
        onClick={() => void add()}
      >
        {busy ? 'Adding…' : 'Add server'}
      </button>
    </fieldset>
  );
};
