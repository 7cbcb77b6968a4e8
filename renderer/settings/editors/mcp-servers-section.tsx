// SPDX-License-Identifier: MIT
import { useEffect, useState } from 'react';
import type { McpServersView, McpServerView } from '../../../shared/ipc/mcp';
import { api } from '../../transport/api';
import { invoke } from '../../transport/invoke';
import { McpServerForm } from './mcp-server-form';

const STATE_LABEL: Readonly<Record<McpServerView['state'], string>> = {
  starting: 'Starting…',
  connected: 'Connected',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** One server: its state, its tools, why it failed (with its stderr), its switch and Remove. */
const ServerItem = ({
  server,
  onView,
  onError,
}: {
  server: McpServerView;
  onView: (view: McpServersView) => void;
  onError: (message: string) => void;
}) => {
  const act = async (request: Promise<Awaited<ReturnType<typeof invoke<'mcp:remove'>>>>) => {
    const result = await request;
    if (result.ok) onView(result.value);
    else onError(result.error.message);
  };
  return (
    <li
      className={`mcp-server ${server.state}`}
      data-testid="mcp-server"
      data-name={server.name}
      data-state={server.state}
      data-tools={server.tools.length}
    >
      <div className="mcp-server-head">
        <strong>{server.name}</strong> <span className="mcp-server-state">{STATE_LABEL[server.state]}</span>
        <code className="mcp-server-command">{[server.command, ...server.args].join(' ')}</code>
        {server.envNames.length > 0 && <span className="settings-hint"> env: {server.envNames.join(', ')}</span>}
      </div>
      {server.reason && (
        <p className={server.state === 'failed' ? 'field-error' : 'settings-hint'} data-testid="mcp-server-reason">
          {server.reason}
        </p>
      )}
      {server.tools.length > 0 && (
        <ul className="mcp-server-tools" aria-label={`Tools of ${server.name}`}>
          {server.tools.map((tool) => (
            <li key={tool.exposedName} title={tool.description}>
              <code>{tool.exposedName}</code>
              {tool.readOnly ? ' (read-only)' : ''}
              {tool.description ? ` — ${tool.description}` : ''}
            </li>
          ))}
        </ul>
      )}
      {server.state === 'failed' && server.stderr.length > 0 && (
        <details>
          <summary>Its last output on stderr</summary>
          <pre className="mcp-server-stderr" data-testid="mcp-server-stderr">
            {server.stderr.slice(-40).join('\n')}
          </pre>
        </details>
      )}
      {server.command !== '' && (
        <div className="mcp-server-actions">
          <label>
            <input
              type="checkbox"
              data-testid="mcp-server-read-only"
              checked={server.readOnlyWithoutAsking}
              onChange={(e) => void act(invoke('mcp:read-only-without-asking', { name: server.name, on: e.target.checked }))}
            />{' '}
            Tools it marks read-only run without asking
          </label>
          <button
            className="small danger"
            data-testid="mcp-server-remove"
            onClick={() => void act(invoke('mcp:remove', { name: server.name }))}
          >
            Remove
          </button>
        </div>
      )}
    </li>
  );
};

/**
 * Settings → Tools: the MCP servers of DATA_DIR/mcp.json, live (mcp:changed). Adding, removing and
 * the read-only switch write the file at once, not on Save. What a server says is shown as text.
 */
export const McpServersSection = () => {
  const [view, setView] = useState<McpServersView | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void invoke('mcp:servers', {}).then((result) => (result.ok ? setView(result.value) : setError(result.error.message)));
    return api.on('mcp:changed', setView);
  }, []);
  const onView = (next: McpServersView) => {
    setError(undefined);
    setView(next);
  };
  return (
    <section className="settings-section" id="settings-tools" aria-labelledby="settings-tools-title" data-testid="mcp-servers">
      <h3 id="settings-tools-title">Tools (MCP servers)</h3>
      <p className="settings-hint">
        The assistant may use the tools of the MCP servers listed in <code>{view?.path ?? 'mcp.json'}</code>, offered as{' '}
        <code>SERVER__TOOL</code>. Every call waits for your Allow; a server that fails is shown here and its tools are left out.
      </p>
      {view?.problem && (
        <p className="field-error" role="alert" data-testid="mcp-config-problem">
          {view.problem}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ul className="mcp-server-list">
        {view?.servers.map((server) => (
          <ServerItem key={server.name} server={server} onView={onView} onError={setError} />
        ))}
      </ul>
      {view && view.servers.length === 0 && !view.problem && <p className="settings-hint">No servers yet.</p>}
      <McpServerForm onSaved={onView} />
    </section>
  );
};
