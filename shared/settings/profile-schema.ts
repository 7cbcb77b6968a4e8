// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { hasNul } from './fields';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A named way to open a terminal: which program with which arguments, where, with what extra
 * environment. An empty command is your shell (with shell integration); a shell with no arguments
 * keeps integration, anything else (`ssh build-box`, `python3`, `htop`) runs as given and is
 * recorded with prompt heuristics.
 */
export const Profile = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'lowercase letters, digits and -, up to 40' }),
    name: z.string().trim().min(1, { error: 'give the profile a name' }).max(60),
    command: z.string().max(4096),
    args: z.array(z.string().max(4096)).max(64),
    /** Empty: your home directory. */
    cwd: z.string().max(4096),
    // Names checked by refine, not by the key schema: zod reports a bad key only as "Invalid key in record".
    env: z
      .record(z.string().max(200), z.string().max(32_768))
      .refine((env) => Object.keys(env).every((name) => ENV_NAME.test(name)), {
        error: (issue) => {
          const bad = Object.keys(issue.input as Record<string, string>).find((name) => !ENV_NAME.test(name));
          return `"${bad}": a variable name is letters, digits and _, not starting with a digit`;
        },
      })
      .refine((env) => Object.keys(env).length <= 64, 'at most 64 variables'),
    /** Looks of this profile's terminals; empty / 0 keep Settings → Terminal's. */
    scheme: z.string().max(64).default(''),
    fontFamily: z.string().max(200).default(''),
    fontSize: z
      .number({ error: 'a whole number of pixels from 6 to 72, or 0 for the terminal setting' })
      .int()
      .refine((n) => n === 0 || (n >= 6 && n <= 72), 'a whole number of pixels from 6 to 72, or 0 for the terminal setting')
      .default(0),
  })
  .superRefine((profile, ctx) => {
    // Named in the message too: it also reaches places that do not show it next to the field.
    const refuse = (path: PropertyKey[], what: string) =>
      ctx.addIssue({ code: 'custom', path, message: `Profile "${profile.name}": ${what} a NUL byte` });
    if (hasNul(profile.command)) refuse(['command'], 'the program contains');
    const arg = profile.args.findIndex(hasNul);
    if (arg >= 0) refuse(['args', arg], 'arguments contain');
    if (hasNul(profile.cwd)) refuse(['cwd'], 'the directory contains');
    const variable = Object.entries(profile.env).find(([name, value]) => hasNul(name) || hasNul(value));
    if (variable) refuse(['env', variable[0]], 'the environment contains');
  });
export type Profile = z.infer<typeof Profile>;

export const ProfilesSettings = z
  .strictObject({
    list: z.array(Profile).max(50),
    /** The profile + and Ctrl+Shift+T open; null: your shell. */
    defaultId: z.string().nullable(),
  })
  .refine((p) => new Set(p.list.map((x) => x.id)).size === p.list.length, { error: 'profile ids must be unique', path: ['list'] })
  .refine((p) => p.defaultId === null || p.list.some((x) => x.id === p.defaultId), {
    error: 'the default profile must be one of the list',
    path: ['defaultId'],
  });
export type ProfilesSettings = z.infer<typeof ProfilesSettings>;
