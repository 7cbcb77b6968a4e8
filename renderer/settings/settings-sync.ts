// SPDX-License-Identifier: MIT
import { useSettings } from '../state/settings';
import { resolveTheme, terminalOptionsOf } from '../terminal/terminal-theme';
import { configureTerminals } from '../terminal/terminals';
import { api, connection } from '../transport/api';
import { invoke } from '../transport/invoke';

const loadSettings = async (): Promise<void> => {
  const result = await invoke('settings:get', {});
  if (result.ok) useSettings.getState().setView(result.value);
  else useSettings.getState().setLoadError(result.error.message);
};

/**
 * Keeps the window in step with the settings: the view from `settings:get` and every
 * `settings:changed` broadcast, the page theme on <html data-theme>, and the terminals' font,
 * theme, scrollback and copy-on-select. `system` follows prefers-color-scheme as it changes.
 */
export const startSettingsSync = (): (() => void) => {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    const terminal = useSettings.getState().view?.terminal;
    const resolved = resolveTheme(terminal?.theme ?? 'dark', media.matches);
    document.documentElement.dataset.theme = resolved;
    if (!terminal) return;
    const options = terminalOptionsOf(terminal, resolved);
    // The terminal area around the grid is painted in the scheme's background (styles.css).
    document.documentElement.style.setProperty('--terminal-bg', options.theme?.background ?? null);
    document.documentElement.dataset.ligatures = terminal.ligatures ? 'on' : 'off';
    const profiles = useSettings.getState().view?.profiles.list ?? [];
    configureTerminals(options, (profileId) => {
      const profile = profiles.find((p) => p.id === profileId);
      if (!profile || (!profile.scheme && !profile.fontFamily && !profile.fontSize)) return undefined;
      return terminalOptionsOf(
        {
          ...terminal,
          ...(profile.scheme ? { scheme: profile.scheme } : {}),
          ...(profile.fontFamily ? { fontFamily: profile.fontFamily } : {}),
          ...(profile.fontSize ? { fontSize: profile.fontSize } : {}),
        },
        resolved,
      );
    });
  };
  const offChanged = api.on('settings:changed', (view) => useSettings.getState().setView(view));
  const offStore = useSettings.subscribe((next, previous) => {
    if (next.view?.terminal !== previous.view?.terminal || next.view?.profiles !== previous.view?.profiles) apply();
  });
  media.addEventListener('change', apply);
  apply();
  void loadSettings();
  // A broadcast missed while disconnected would leave stale settings: reload on every reconnect.
  let dropped = false;
  const offStatus = connection.onStatus((status) => {
    if (status === 'closed') dropped = true;
    else if (status === 'open' && dropped) {
      dropped = false;
      void loadSettings();
    }
  });
  return () => {
    offStatus();
    offChanged();
    offStore();
    media.removeEventListener('change', apply);
  };
};
