// SPDX-License-Identifier: MIT
import { useRef, useState, type ChangeEvent } from 'react';
import { resolveTheme } from '../../terminal/terminal-theme';
import { addSchemes, MAX_SCHEME_FILE_BYTES, parseSchemeFile } from '../../themes/scheme-import';
import { ANSI_NAMES, BUILTIN_SCHEMES, resolveScheme, SYSTEM_SCHEME } from '../../themes/schemes';
import { Field } from '../fields/field';
import './scheme-field.css';
import type { SectionProps, SettingsDraft } from '../form/settings-form';

type TerminalDraft = SettingsDraft['terminal'];

const prefersDark = (): boolean => typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches;

/** A few lines in the scheme's colours: text, a prompt, the 16 ANSI colours as swatches. */
const SchemePreview = ({ terminal }: { terminal: TerminalDraft }) => {
  const { colors, name } = resolveScheme(terminal.scheme, terminal.customSchemes, resolveTheme(terminal.theme, prefersDark()));
  return (
    <div
      className="scheme-preview"
      data-testid="scheme-preview"
      aria-label={`Preview of ${name}`}
      style={{
        background: colors.background,
        color: colors.foreground,
        fontFamily: terminal.fontFamily,
        fontVariantLigatures: terminal.ligatures ? 'normal' : 'none',
      }}
    >
      <div>
        <span style={{ color: colors.green }}>~/src</span> <span style={{ color: colors.magenta }}>(main)</span> $ echo &quot;a =&gt; b != c
        -&gt; d&quot;
        <span className="scheme-cursor" style={{ background: colors.cursor }} />
      </div>
      <div className="scheme-swatches" aria-hidden="true">
        {ANSI_NAMES.map((ansi) => (
          <span key={ansi} title={ansi} style={{ background: colors[ansi] }} />
        ))}
      </div>
    </div>
  );
};

/**
 * The colour scheme: Contexterm's own (following the theme), a built-in one or an imported one;
 * Import reads an iTerm2 or Windows Terminal / VS Code file into the draft, saved with the rest.
 */
export const SchemeField = ({ draft, errors, update }: Pick<SectionProps, 'draft' | 'errors' | 'update'>) => {
  const t = draft.terminal;
  const file = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | undefined>();
  const set = (patch: Partial<TerminalDraft>) => update((d) => ({ ...d, terminal: { ...d.terminal, ...patch } }));
  const custom = t.customSchemes.find((scheme) => scheme.id === t.scheme);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    if (chosen.size > MAX_SCHEME_FILE_BYTES) return setNotice({ text: `${chosen.name} is too large to be a colour scheme.`, error: true });
    const parsed = parseSchemeFile(chosen.name, await chosen.text());
    if (!parsed.ok) return setNotice({ text: `${chosen.name}: ${parsed.message}`, error: true });
    const added = addSchemes(t.customSchemes, parsed.schemes);
    if (!added.ok) return setNotice({ text: added.message, error: true });
    set({ customSchemes: added.schemes, scheme: added.ids[0] ?? t.scheme });
    const names = parsed.schemes.map((s) => `\u201c${s.name}\u201d`).join(', ');
    setNotice({ text: `Imported ${names}. Save to keep ${parsed.schemes.length === 1 ? 'it' : 'them'}.`, error: false });
  };

  const remove = () => {
    if (!custom) return;
    set({ customSchemes: t.customSchemes.filter((scheme) => scheme.id !== custom.id), scheme: SYSTEM_SCHEME });
    setNotice({ text: `Removed \u201c${custom.name}\u201d. Save to make it final.`, error: false });
  };

  return (
    <div className="scheme-field">
      <div className="field-row scheme-row">
        <Field label="Colour scheme" error={errors['terminal.scheme'] ?? errors['terminal.customSchemes']}>
          {(a11y) => (
            <select {...a11y} data-testid="terminal-scheme" value={t.scheme} onChange={(event) => set({ scheme: event.target.value })}>
              <option value={SYSTEM_SCHEME}>Contexterm (follows the theme)</option>
              <optgroup label="Built in">
                {BUILTIN_SCHEMES.map((scheme) => (
                  <option key={scheme.id} value={scheme.id}>
                    {scheme.name}
                  </option>
                ))}
              </optgroup>
              {t.customSchemes.length > 0 && (
                <optgroup label="Imported">
                  {t.customSchemes.map((scheme) => (
                    <option key={scheme.id} value={scheme.id}>
                      {scheme.name}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          )}
        </Field>
        <div className="scheme-actions">
          <button type="button" data-testid="scheme-import" onClick={() => file.current?.click()}>
            Import scheme…
          </button>
          {custom && (
            <button type="button" data-testid="scheme-remove" onClick={remove}>
              Remove
            </button>
          )}
          <input
            ref={file}
            type="file"
            hidden
            accept=".itermcolors,.json,.jsonc,application/json"
            data-testid="scheme-import-file"
            aria-label="Colour scheme file to import"
            onChange={(event) => void importFile(event)}
          />
        </div>
      </div>
      <span className="field-hint">iTerm2 (.itermcolors), Windows Terminal or VS Code (JSON) schemes; up to 20.</span>
      {notice && (
        <span
          className={notice.error ? 'field-error' : 'field-hint'}
          role={notice.error ? 'alert' : 'status'}
          data-testid="scheme-import-status"
        >
          {notice.text}
        </span>
      )}
      <SchemePreview terminal={t} />
    </div>
  );
};
