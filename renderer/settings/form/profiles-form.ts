// SPDX-License-Identifier: MIT
import type { DraftCodec } from '../../../shared/settings/draft';
import type { ProfilesSettings } from '../../../shared/settings/profile-schema';

/** One profile as typed: arguments one per line, environment `NAME=value` one per line. */
export interface ProfileDraft {
  readonly id: string;
  readonly name: string;
  readonly command: string;
  readonly args: string;
  readonly cwd: string;
  readonly env: string;
  /** Empty: Settings → Terminal's. */
  readonly scheme: string;
  readonly fontFamily: string;
  readonly fontSize: string;
}

export interface ProfilesDraft {
  readonly list: readonly ProfileDraft[];
  readonly defaultId: string | null;
}

export const profilesDraftOf = (p: ProfilesSettings): ProfilesDraft => ({
  list: p.list.map((profile) => ({
    id: profile.id,
    name: profile.name,
    command: profile.command,
    args: profile.args.join('\n'),
    cwd: profile.cwd,
    env: Object.entries(profile.env)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n'),
    scheme: profile.scheme,
    fontFamily: profile.fontFamily,
    fontSize: profile.fontSize ? String(profile.fontSize) : '',
  })),
  defaultId: p.defaultId,
});

const lines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '');

/** What `settings:set` gets; the main process validates it (names, ids, the default) and says what is wrong where. */
export const profilesOf = (draft: ProfilesDraft): ProfilesSettings => ({
  list: draft.list.map((p) => ({
    id: p.id,
    name: p.name,
    command: p.command.trim(),
    args: lines(p.args),
    cwd: p.cwd.trim(),
    env: Object.fromEntries(
      lines(p.env).map((line) => {
        const eq = line.indexOf('=');
        return eq === -1 ? [line.trim(), ''] : [line.slice(0, eq).trim(), line.slice(eq + 1)];
      }),
    ),
    scheme: p.scheme,
    fontFamily: p.fontFamily.trim(),
    // Empty is "the terminal setting"; anything else goes as typed, for the schema to judge.
    fontSize: p.fontSize.trim() === '' ? 0 : Number(p.fontSize),
  })),
  defaultId: draft.defaultId,
});

export const profilesCodec: DraftCodec<ProfilesSettings, ProfilesDraft> = {
  toDraft: profilesDraftOf,
  fromDraft: (draft) => profilesOf(draft),
};

/** An id for a new profile from its name: `Build box` → `build-box`, unique among `taken`. */
export const profileIdFor = (name: string, taken: readonly string[]): string => {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 32) || 'profile';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
};
