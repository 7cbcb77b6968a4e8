// SPDX-License-Identifier: MIT
import { useState } from 'react';
import { useSettings } from '../state/settings';
import { refreshContext } from './context/context-actions';
import { promptOf } from './context/prompt-text';
import { useCurrentModel } from './model/model-choice';
import { useAssistant } from './store/assistant-store';

/**
 * Shown when no model is configured or the provider cannot be reached: how to get one in a line
 * or two, and the parts that work without a model (the inspector and "copy as prompt").
 */
export const SetupHelp = ({ reason }: { reason: 'no-model' | 'unreachable' }) => {
  const [copied, setCopied] = useState<string | undefined>();
  const copyPrompt = async () => {
    await refreshContext(0);
    const preview = useAssistant.getState().preview;
    if (!preview) return setCopied('Preview failed');
    await navigator.clipboard.writeText(promptOf(preview)).then(
      () => setCopied('Prompt copied'),
      () => setCopied('Copy failed'),
    );
  };
  return (
    <div className="setup-help" data-testid="assistant-setup" data-reason={reason}>
      <h3>{reason === 'no-model' ? 'Connect a model' : 'The model server is not reachable'}</h3>
      <p>
        <strong>Ollama</strong> (local, no key): run <code className="inline-code">ollama serve</code> then{' '}
        <code className="inline-code">ollama pull llama3.2</code>, and pick the model below.
      </p>
      <p>
        <strong>OpenAI or Anthropic</strong>: add a provider and its API key in{' '}
        <button className="link-button" onClick={() => useSettings.getState().setPageOpen(true)}>
          Settings
        </button>
        . Keys stay in the main process.
      </p>
      <p className="setup-alt">
        Meanwhile the context still works with any chat tool:{' '}
        <button className="link-button" onClick={() => useAssistant.getState().inspectorOpened()}>
          inspect it
        </button>{' '}
        or{' '}
        <button className="link-button" data-testid="setup-copy-prompt" onClick={() => void copyPrompt()}>
          copy it as a prompt
        </button>
        .
        {copied && (
          <span className="code-flash" role="status">
            {' '}
            {copied}
          </span>
        )}
      </p>
    </div>
  );
};

/** What the empty pane says: setup help without a model, otherwise how to start. */
export const EmptyConversation = () => {
  const model = useCurrentModel();
  const settingsLoaded = useSettings((state) => state.view !== undefined);
  if (settingsLoaded && !model) return <SetupHelp reason="no-model" />;
  return (
    <div className="assistant-intro">
      <p>Ask about anything that happened in your terminals.</p>
      <p>Click a command (or its ✓/✗ mark in the terminal) to attach its full output.</p>
    </div>
  );
};
