// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import type { FieldError } from './fields';

/*
 * One definition per setting: each entry carries its type and constraints (a zod schema, with
 * the message the user sees), its default, and how Settings shows it. The wire schema, the
 * defaults, the draft the page edits and the generic Settings sections are all derived from the
 * entries (derive.ts, draft.ts), so an ordinary new setting is one entry and nothing else.
 */

interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** How an ordinary setting is edited. Numbers are typed as text and checked on save. */
export type Control =
  | { readonly kind: 'text'; readonly spellCheck?: false }
  | { readonly kind: 'number'; readonly inputMode: 'numeric' | 'decimal' }
  /** `whenOff`: a warning shown under the box while it is unticked. */
  | { readonly kind: 'checkbox'; readonly whenOff?: string }
  | { readonly kind: 'select'; readonly options: readonly SelectOption[] };

/** Entries that name the same row, one after another, share a line (3 or 4 equal columns if said). */
export interface Row {
  readonly id: string;
  readonly columns?: 3 | 4;
}

interface Defined<S extends z.ZodType, F extends boolean> {
  readonly schema: S;
  readonly default: z.output<S>;
  /**
   * Added after its section was first saved: a stored section (or a patch) without it gets the
   * default instead of failing, so settings saved by an older build still load.
   */
  readonly fillIfMissing: F;
}

/** A value edited by one generic control (text, number, checkbox, select). */
export interface OrdinarySetting<S extends z.ZodType = z.ZodType, F extends boolean = boolean, C extends Control = Control> extends Defined<
  S,
  F
> {
  readonly kind: 'ordinary';
  readonly label: string;
  readonly hint?: string;
  readonly control: C;
  readonly testId?: string;
  /** False: open terminals keep what they started with; the field says it applies to new tabs. */
  readonly live: boolean;
  readonly row?: Row;
  /** A sub-heading shown before the entry. */
  readonly heading?: string;
}

/**
 * A structured value with its own editor (providers, models, profiles, keybindings, imported
 * schemes, pattern lists): `editor` names the renderer's component (renderer/settings/editor-table.tsx);
 * entries naming the same editor share one.
 */
export interface CustomSetting<S extends z.ZodType = z.ZodType, F extends boolean = boolean> extends Defined<S, F> {
  readonly kind: 'custom';
  readonly editor: string;
  /** Root entries saved along with this one, because the main process checks them together. */
  readonly sendWith?: readonly string[];
  readonly heading?: string;
}

/** A check on a whole group (the issue is reported at the group's path). Method syntax: see GroupOptions. */
interface GroupCheck<V = never> {
  check(value: V): boolean;
  readonly message: string;
}

/** Text around a section's settings: a note (`code` in backquotes), or a named renderer block. */
export type Block = { readonly note: string } | { readonly editor: string };

export interface SettingGroup<X extends Entries = Entries> {
  readonly kind: 'group';
  readonly entries: X;
  readonly checks: readonly GroupCheck[];
  /** A root group with a title is shown as a Settings section of its own. */
  readonly title?: string;
  readonly before?: readonly Block[];
  readonly after?: readonly Block[];
}

export type Entry = OrdinarySetting | CustomSetting | SettingGroup;
export type Entries = { readonly [key: string]: Entry };

/** The value an entry holds once parsed (what `Settings` has at its path). */
export type ValueOf<E> =
  E extends SettingGroup<infer X>
    ? { -readonly [K in keyof X]: ValueOf<X[K]> }
    : E extends { readonly schema: infer S extends z.ZodType }
      ? z.output<S>
      : never;

type FilledKeys<X> = { [K in keyof X]: X[K] extends { readonly fillIfMissing: true } ? K : never }[keyof X];

/** What the schema accepts at an entry: entries filled when missing may be left out. */
export type InputOf<E> =
  E extends SettingGroup<infer X>
    ? { -readonly [K in Exclude<keyof X, FilledKeys<X>>]: InputOf<X[K]> } & { -readonly [K in FilledKeys<X>]?: InputOf<X[K]> }
    : E extends { readonly schema: infer S extends z.ZodType }
      ? z.input<S>
      : never;

/**
 * A rule between fields, or between sections, that one schema cannot say. Main (`settings:set`)
 * and the renderer (the draft) run the same rules, so they give the same message at the same path.
 */
export interface CrossFieldRule<V = never> {
  /** Root entries the rule reads: it runs when a save includes one of them. */
  readonly sections: readonly string[];
  /** Fields that already have an error are left alone: one message per field. */
  check(settings: V, hasError: (path: string) => boolean): FieldError[];
}

/** A part of the Settings page: a root group shown generically, or an editor of its own. */
export type SettingsPage = { readonly id: string; readonly nav: string } & ({ readonly section: string } | { readonly editor: string });

export interface Registry<X extends Entries = Entries> {
  readonly root: SettingGroup<X>;
  readonly rules: readonly CrossFieldRule<ValueOf<SettingGroup<X>>>[];
  readonly pages: readonly SettingsPage[];
}

type OrdinaryInput<S extends z.ZodType, F extends boolean, C extends Control> = Omit<
  OrdinarySetting<S, F, C>,
  'kind' | 'fillIfMissing' | 'live'
> & {
  readonly fillIfMissing?: F;
  readonly live?: boolean;
};

export const ordinary = <S extends z.ZodType, const C extends Control, const F extends boolean = false>(
  entry: OrdinaryInput<S, F, C>,
): OrdinarySetting<S, F, C> => ({
  ...entry,
  kind: 'ordinary',
  fillIfMissing: (entry.fillIfMissing ?? false) as F,
  live: entry.live ?? true,
});

export const custom = <S extends z.ZodType, const F extends boolean = false>(
  entry: Omit<CustomSetting<S, F>, 'kind' | 'fillIfMissing'> & { readonly fillIfMissing?: F },
): CustomSetting<S, F> => ({ ...entry, kind: 'custom', fillIfMissing: (entry.fillIfMissing ?? false) as F });

interface GroupOptions<X extends Entries> {
  readonly checks?: readonly GroupCheck<ValueOf<SettingGroup<X>>>[];
  readonly title?: string;
  readonly before?: readonly Block[];
  readonly after?: readonly Block[];
}

export const group = <X extends Entries>(entries: X, options: GroupOptions<X> = {}): SettingGroup<X> => ({
  ...options,
  kind: 'group',
  entries,
  checks: options.checks ?? [],
});
