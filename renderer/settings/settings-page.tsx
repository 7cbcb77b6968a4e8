// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import { SETTINGS_REGISTRY } from '../../shared/settings/registry';
import { useSettings } from '../state/settings';
import { focusActiveTerminal } from '../terminal/terminal-focus';
import { EDITORS } from './editor-table';
import { draftOf, hasUnsavedChanges, type FieldErrors, type SectionProps, type SettingsDraft } from './form/settings-form';
import { RegistrySection } from './registry-section';
import { saveSettings } from './save-settings';
import { useSettingsFilter } from './settings-search';
import './settings.css';

/** A part of the page: an editor of its own, or a root group of the registry drawn generically. */
const Page = ({ page, props }: { page: (typeof SETTINGS_REGISTRY.pages)[number]; props: SectionProps }) => {
  if ('editor' in page) {
    const Editor = EDITORS[page.editor];
    return Editor ? <Editor {...props} /> : null;
  }
  const group = SETTINGS_REGISTRY.root.entries[page.section as keyof typeof SETTINGS_REGISTRY.root.entries];
  if (group?.kind !== 'group') return null;
  return <RegistrySection {...props} id={page.id} name={page.section} group={group} editors={EDITORS} />;
};

const UNSAVED_QUESTION = 'Close Settings without saving? Your changes will be lost.';

/** Asked inside the page, Keep editing the default (Enter), so a stray key never drops the edits. */
const UnsavedQuestion = ({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) => (
  <div
    className="settings-unsaved"
    role="alertdialog"
    aria-modal="true"
    aria-labelledby="settings-unsaved-text"
    data-testid="settings-unsaved"
  >
    <p id="settings-unsaved-text">{UNSAVED_QUESTION}</p>
    <div className="settings-unsaved-buttons">
      <button className="primary" autoFocus data-testid="settings-unsaved-keep" onClick={onKeep}>
        Keep editing
      </button>
      <button className="danger" data-testid="settings-unsaved-discard" onClick={onDiscard}>
        Discard changes
      </button>
    </div>
  </div>
);

/** The settings overlay: edit a draft, Save validates everything first and saves all or nothing. */
export const SettingsPage = () => {
  const saved = useSettings((state) => state.view);
  const loadError = useSettings((state) => state.loadError);
  const [draft, setDraft] = useState<SettingsDraft | undefined>(() => (saved ? draftOf(saved) : undefined));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ text: string; kind: 'ok' | 'error' } | undefined>();
  const [saving, setSaving] = useState(false);
  /** The in-app question before unsaved changes are dropped (the browser's confirm() looked foreign and froze the page). */
  const [asking, setAsking] = useState(false);
  const dirty = useRef(false);
  const [query, setQuery] = useState('');
  const body = useRef<HTMLDivElement>(null);
  const sectionsShown = useSettingsFilter(body, query);
  const closeButton = useRef<HTMLButtonElement>(null);

  // A save elsewhere (another window, a key change) refreshes an untouched draft; only `saved` drives this.
  useEffect(() => {
    if (saved && (!draft || !dirty.current)) setDraft(draftOf(saved));
  }, [saved]);

  // A modal owns the keyboard while it is open: whatever moves the focus outside it meanwhile (a
  // terminal refocusing itself as tabs change) gives it back, and Escape closes it from anywhere
  // (bubbling, so a field inside that handles Escape itself, the shortcut recorder, goes first).
  useEffect(() => {
    const dialog = closeButton.current?.closest<HTMLElement>('.settings-page');
    const onFocusIn = (event: FocusEvent) => {
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) closeButton.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('focusin', onFocusIn);
    window.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    // Back to where the user was typing: a field outside the terminals (the assistant's box) keeps
    // it; a click on the gear or the palette left the focus on a button, so the terminal takes it.
    return () => {
      const field = opener?.isConnected && opener.matches('input, textarea, select') && !opener.closest('.xterm');
      if (field) opener.focus();
      else focusActiveTerminal();
    };
  }, []);

  /** Closing with unsaved edits asks first; an untouched (or saved) form closes at once. Esc while asking keeps editing. */
  const close = () => {
    if (asking) return setAsking(false);
    if (draft && saved && hasUnsavedChanges(draft, saved)) return setAsking(true);
    useSettings.getState().setPageOpen(false);
  };
  const closeRef = useRef(close);
  closeRef.current = close;
  const update: SectionProps['update'] = (change) => {
    dirty.current = true;
    setStatus(undefined);
    setDraft((d) => (d ? change(d) : d));
  };

  const save = async () => {
    if (!draft || !saved || saving) return;
    setSaving(true);
    const outcome = await saveSettings(draft, saved).catch((error: unknown) => ({ kind: 'failed' as const, message: String(error) }));
    setSaving(false);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      const n = Object.keys(outcome.errors).length;
      return setStatus({ text: `Nothing saved: ${n} field${n === 1 ? ' needs' : 's need'} fixing.`, kind: 'error' });
    }
    setErrors({});
    if (outcome.kind === 'failed') return setStatus({ text: `Nothing saved: ${outcome.message}`, kind: 'error' });
    if (outcome.kind === 'unchanged') return setStatus({ text: 'No changes to save.', kind: 'ok' });
    dirty.current = false;
    setDraft(draftOf(outcome.view));
    setStatus(
      outcome.warnings.length > 0
        ? { text: `Saved, but: ${outcome.warnings.join('; ')}`, kind: 'error' }
        : { text: 'Saved and applied.', kind: 'ok' },
    );
  };

  const props = draft && saved ? { draft, errors, saved, update } : undefined;
  return (
    <div className="settings-backdrop">
      <div className="settings-page" role="dialog" aria-modal="true" aria-labelledby="settings-title" data-testid="settings-page">
        <header className="settings-head">
          <h2 id="settings-title">Settings</h2>
          <nav aria-label="Settings sections">
            {SETTINGS_REGISTRY.pages.map(({ id, nav }) => (
              <a
                key={id}
                href={`#settings-${id}`}
                onClick={(event) => (event.preventDefault(), document.getElementById(`settings-${id}`)?.scrollIntoView({ block: 'start' }))}
              >
                {nav}
              </a>
            ))}
          </nav>
          <span className="spacer" />
          <input
            type="search"
            className="settings-search"
            data-testid="settings-search"
            aria-label="Search settings"
            placeholder="Search settings"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              // Esc empties the search first; an empty one lets Esc close the page as elsewhere.
              if (event.key === 'Escape' && query !== '') {
                event.preventDefault();
                setQuery('');
              }
            }}
          />
          <button className="primary" data-testid="settings-save" disabled={!props || saving} onClick={() => void save()}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          <button ref={closeButton} data-testid="settings-close" onClick={close}>
            Close
          </button>
        </header>
        {asking && (
          <UnsavedQuestion
            onKeep={() => (setAsking(false), closeButton.current?.focus())}
            onDiscard={() => useSettings.getState().setPageOpen(false)}
          />
        )}
        {/* Always there, one line reserved: a message must not push Save and Close to another row. */}
        <div
          className={`settings-status ${status?.kind ?? ''}`}
          role="status"
          aria-live={status?.kind === 'error' ? 'assertive' : 'polite'}
          data-testid="settings-status"
        >
          {status?.text}
        </div>
        <div className="settings-body" ref={body}>
          {!props && <p>{loadError ? `Settings could not be loaded: ${loadError}` : 'Loading settings…'}</p>}
          {props && query.trim() !== '' && sectionsShown === 0 && (
            <p className="settings-search-empty" role="status" data-testid="settings-search-empty">
              No settings match “{query.trim()}”.
            </p>
          )}
          {props && (
            <>
              {SETTINGS_REGISTRY.pages.map((page) => (
                <Page key={page.id} page={page} props={props} />
              ))}
            </>
          )}
        </div>
      </div>
    </div>
  );
};
