// SPDX-License-Identifier: MIT
import { CheckField, Field, TextField } from './field';
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

/** Shell, font, theme, scrollback and copy-on-select; all but the shell apply to open terminals at once. */
export const TerminalSection = ({ draft, errors, update }: SectionProps) => {
  const t = draft.terminal;
  const set = (patch: Partial<TerminalDraft>) => update((d) => ({ ...d, terminal: { ...d.terminal, ...patch } }));
  return (
    <section className="settings-section" id="settings-terminal" aria-labelledby="settings-terminal-title">
      <h3 id="settings-terminal-title">Terminal</h3>
      <TextField label="Shell" hint="Empty: your $SHELL. Applies to new tabs." value={t.shell} error={errors['terminal.shell']} spellCheck={false} onValue={(shell) => set({ shell })} />
      <div className="field-row">
        <TextField label="Font family" value={t.fontFamily} error={errors['terminal.fontFamily']} data-testid="terminal-font-family" onValue={(fontFamily) => set({ fontFamily })} />
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
      <CheckField label="Copy on select" checked={t.copyOnSelect} onValue={(copyOnSelect) => set({ copyOnSelect })} />
    </section>
  );
};
