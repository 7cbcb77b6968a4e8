// SPDX-License-Identifier: MIT
import { CheckField, Field, TextField } from './field';
import { SchemeField } from './scheme-field';
import type { SectionProps } from './section-props';
import type { SettingsDraft } from './settings-form';

const WEIGHTS = [
  ['cwd', 'Same directory'],
  ['time', 'Recent in time'],
  ['hostname', 'Same host'],
  ['commandPattern', 'Same toolchain'],
] as const;

/** How commands from other terminals are scored for the catalog the model sees. */
export const RelevanceSection = ({ draft, errors, update }: SectionProps) => {
  const r = draft.relevance;
  return (
    <section className="settings-section" id="settings-relevance" aria-labelledby="settings-relevance-title">
      <h3 id="settings-relevance-title">Relevance</h3>
      <div className="field-row">
        <TextField
          label="Window (minutes)"
          hint="How far back ended sessions count"
          inputMode="numeric"
          value={r.windowMinutes}
          error={errors['relevance.windowMinutes']}
          onValue={(windowMinutes) => update((d) => ({ ...d, relevance: { ...d.relevance, windowMinutes } }))}
        />
        <TextField
          label="Threshold (0–1)"
          hint="Minimum score to be listed"
          inputMode="decimal"
          value={r.threshold}
          error={errors['relevance.threshold']}
          onValue={(threshold) => update((d) => ({ ...d, relevance: { ...d.relevance, threshold } }))}
        />
      </div>
      <div className="field-row four">
        {WEIGHTS.map(([key, label]) => (
          <TextField
            key={key}
            label={`${label} weight`}
            inputMode="decimal"
            value={r.weights[key]}
            error={errors[`relevance.weights.${key}`]}
            onValue={(value) => update((d) => ({ ...d, relevance: { ...d.relevance, weights: { ...d.relevance.weights, [key]: value } } }))}
          />
        ))}
      </div>
      {errors['relevance.weights'] && <span className="field-error" role="alert">{errors['relevance.weights']}</span>}
    </section>
  );
};

type TerminalDraft = SettingsDraft['terminal'];

/** Shell, font, colours, cursor, scrollback and copy-on-select; all but the shell apply to open terminals at once. */
export const TerminalSection = ({ draft, errors, update }: SectionProps) => {
  const t = draft.terminal;
  const set = (patch: Partial<TerminalDraft>) => update((d) => ({ ...d, terminal: { ...d.terminal, ...patch } }));
  return (
    <section className="settings-section" id="settings-terminal" aria-labelledby="settings-terminal-title">
      <h3 id="settings-terminal-title">Terminal</h3>
      <TextField label="Shell" hint="Empty: your $SHELL. Applies to new tabs." value={t.shell} error={errors['terminal.shell']} spellCheck={false} onValue={(shell) => set({ shell })} />
      <div className="field-row">
        <TextField label="Font family" hint="JetBrains Mono comes with Contexterm; any installed font works" value={t.fontFamily} error={errors['terminal.fontFamily']} data-testid="terminal-font-family" onValue={(fontFamily) => set({ fontFamily })} />
        <TextField label="Font size" inputMode="numeric" value={t.fontSize} error={errors['terminal.fontSize']} data-testid="terminal-font-size" onValue={(fontSize) => set({ fontSize })} />
      </div>
      <div className="field-row">
        <Field label="Theme" error={errors['terminal.theme']}>
          {(a11y) => (
            <select {...a11y} data-testid="terminal-theme" value={t.theme} onChange={(event) => set({ theme: event.target.value as TerminalDraft['theme'] })}>
              <option value="system">System</option>
              <option value="dark">Dark</option>
              <option value="light">Light</option>
            </select>
          )}
        </Field>
        <TextField label="Scrollback (lines)" inputMode="numeric" data-testid="terminal-scrollback" value={t.scrollback} error={errors['terminal.scrollback']} onValue={(scrollback) => set({ scrollback })} />
      </div>
      <CheckField label="Ligatures (=> != -> drawn as one sign)" checked={t.ligatures} testId="terminal-ligatures" onValue={(ligatures) => set({ ligatures })} />
      <span className="field-hint">Where the font has them, as JetBrains Mono does; in the desktop app and in browser mode alike.</span>
      <SchemeField draft={draft} errors={errors} update={update} />
      <div className="field-row">
        <Field label="Cursor" error={errors['terminal.cursorStyle']}>
          {(a11y) => (
            <select {...a11y} data-testid="terminal-cursor-style" value={t.cursorStyle} onChange={(event) => set({ cursorStyle: event.target.value as TerminalDraft['cursorStyle'] })}>
              <option value="block">Block</option>
              <option value="bar">Bar</option>
              <option value="underline">Underline</option>
            </select>
          )}
        </Field>
        <div className="field">
          <CheckField label="Blinking cursor" checked={t.cursorBlink} testId="terminal-cursor-blink" onValue={(cursorBlink) => set({ cursorBlink })} />
        </div>
      </div>
      <CheckField label="Copy on select" checked={t.copyOnSelect} onValue={(copyOnSelect) => set({ copyOnSelect })} />
      <Field label="At start, reopen the last session's tabs and panes" error={errors['terminal.restore']}>
        {(a11y) => (
          <select {...a11y} data-testid="terminal-restore" value={t.restore} onChange={(event) => set({ restore: event.target.value as TerminalDraft['restore'] })}>
            <option value="always">Always (with their earlier output)</option>
            <option value="ask">Ask</option>
            <option value="never">Never</option>
          </select>
        )}
      </Field>
      <Field label="When the shell exits" hint="A shell that fails as it starts always stays open, to show why." error={errors['terminal.onExit']}>
        {(a11y) => (
          <select {...a11y} data-testid="terminal-on-exit" value={t.onExit} onChange={(event) => set({ onExit: event.target.value as TerminalDraft['onExit'] })}>
            <option value="close">Close the pane (the tab goes with its last pane)</option>
            <option value="clean">Close only after a clean exit (a failed one stays with its status)</option>
            <option value="keep">Keep the pane open</option>
          </select>
        )}
      </Field>
    </section>
  );
};
