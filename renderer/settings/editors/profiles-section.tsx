// SPDX-License-Identifier: MIT
import { BUILTIN_SCHEMES } from '../../themes/schemes';
import { Field, TextField } from '../fields/field';
import { profileIdFor, type ProfileDraft, type ProfilesDraft } from '../form/profiles-form';
import type { SectionProps } from '../form/settings-form';

const textArea = (props: { value: string; testId: string; placeholder: string; onValue: (value: string) => void }) => (a11y: object) => (
  <textarea
    {...a11y}
    rows={2}
    spellCheck={false}
    data-testid={props.testId}
    placeholder={props.placeholder}
    value={props.value}
    onChange={(event) => props.onValue(event.target.value)}
  />
);

/** Named ways to open a terminal; the default one is what + opens, the ▾ next to it lists them all. */
export const ProfilesSection = ({ draft, errors, update }: SectionProps) => {
  const p = draft.profiles;
  const set = (next: Partial<ProfilesDraft>) => update((d) => ({ ...d, profiles: { ...d.profiles, ...next } }));
  const edit = (index: number, patch: Partial<ProfileDraft>) =>
    set({ list: p.list.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  const add = () => {
    const name = `Profile ${p.list.length + 1}`;
    set({
      list: [
        ...p.list,
        {
          id: profileIdFor(
            name,
            p.list.map((x) => x.id),
          ),
          name,
          command: '',
          args: '',
          cwd: '',
          env: '',
          scheme: '',
          fontFamily: '',
          fontSize: '',
        },
      ],
    });
  };
  const remove = (index: number) => {
    const gone = p.list[index]!.id;
    set({ list: p.list.filter((_, i) => i !== index), defaultId: p.defaultId === gone ? null : p.defaultId });
  };
  return (
    <section className="settings-section" id="settings-profiles" aria-labelledby="settings-profiles-title">
      <h3 id="settings-profiles-title">Profiles</h3>
      <p className="settings-hint">
        A profile opens a terminal with a program, arguments, a directory and extra environment — e.g. <code>ssh</code> with{' '}
        <code>build-box</code>. An empty program is your shell. The ▾ next to + in the tab bar lists them; the default one is what + opens.
      </p>
      {errors['profiles.list'] && <p className="field-error">{errors['profiles.list']}</p>}
      {p.list.map((profile, index) => {
        // A bad variable name is reported at its own key (profiles.list.0.env.1BAD): shown on the field.
        const at = (field: string) =>
          Object.entries(errors).find(
            ([path]) => path === `profiles.list.${index}.${field}` || path.startsWith(`profiles.list.${index}.${field}.`),
          )?.[1];
        return (
          <fieldset key={index} className="profile-card" data-testid="profile-card">
            <div className="field-row">
              <TextField
                label="Name"
                value={profile.name}
                error={at('name')}
                data-testid="profile-name"
                onValue={(name) => edit(index, { name })}
              />
              <TextField
                label="Program"
                hint="Empty: your shell"
                value={profile.command}
                error={at('command')}
                spellCheck={false}
                data-testid="profile-command"
                onValue={(command) => edit(index, { command })}
              />
            </div>
            <div className="field-row">
              <Field label="Arguments (one per line)" error={at('args')}>
                {textArea({
                  value: profile.args,
                  testId: 'profile-args',
                  placeholder: 'build-box',
                  onValue: (args) => edit(index, { args }),
                })}
              </Field>
              <Field label="Environment (NAME=value per line)" error={at('env')}>
                {textArea({
                  value: profile.env,
                  testId: 'profile-env',
                  placeholder: 'TERM=xterm-256color',
                  onValue: (env) => edit(index, { env }),
                })}
              </Field>
            </div>
            <div className="field-row">
              <TextField
                label="Directory"
                hint="Empty: your home. ~ works."
                value={profile.cwd}
                error={at('cwd')}
                spellCheck={false}
                data-testid="profile-cwd"
                onValue={(cwd) => edit(index, { cwd })}
              />
            </div>
            <div className="field-row">
              <Field label="Colour scheme" error={at('scheme')}>
                {(a11y) => (
                  <select
                    {...a11y}
                    data-testid="profile-scheme"
                    value={profile.scheme}
                    onChange={(event) => edit(index, { scheme: event.target.value })}
                  >
                    <option value="">As the terminal setting</option>
                    {[...BUILTIN_SCHEMES, ...draft.terminal.customSchemes].map((scheme) => (
                      <option key={scheme.id} value={scheme.id}>
                        {scheme.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <TextField
                label="Font family"
                hint="Empty: the terminal setting"
                value={profile.fontFamily}
                error={at('fontFamily')}
                data-testid="profile-font-family"
                onValue={(fontFamily) => edit(index, { fontFamily })}
              />
              <TextField
                label="Font size"
                hint="Empty: the terminal setting"
                inputMode="numeric"
                value={profile.fontSize}
                error={at('fontSize')}
                data-testid="profile-font-size"
                onValue={(fontSize) => edit(index, { fontSize })}
              />
            </div>
            <div className="field-row">
              <div className="profile-actions">
                <label>
                  <input
                    type="radio"
                    name="default-profile"
                    checked={p.defaultId === profile.id}
                    onChange={() => set({ defaultId: profile.id })}
                  />{' '}
                  Default
                </label>
                <button type="button" onClick={() => remove(index)}>
                  Remove
                </button>
              </div>
            </div>
          </fieldset>
        );
      })}
      <div className="profile-actions">
        <button type="button" data-testid="profile-add" onClick={add}>
          Add profile
        </button>
        {p.defaultId && (
          <button type="button" onClick={() => set({ defaultId: null })}>
            No default (+ opens your shell)
          </button>
        )}
      </div>
      {errors['profiles.defaultId'] && <p className="field-error">{errors['profiles.defaultId']}</p>}
    </section>
  );
};
