// SPDX-License-Identifier: MIT
import { crossFieldErrors, patchSchemaOf, pathOf } from './derive';
import { fieldErrorsOf } from './fields';
import type { Entries, Registry, SettingGroup, ValueOf } from './setting';

/*
 * The Settings page edits a draft in which every number is still the text the user typed, so a
 * half-typed "0." or an empty limit is representable. Ordinary settings map to and from their
 * draft by their control alone; a custom entry may have a codec (by its path) for its own draft
 * form (a provider's timeout as text, host names as lines), else its draft is its value.
 */

/** Method syntax, so codecs of any value and draft types fit in one table. */
export interface DraftCodec<V = unknown, D = unknown> {
  toDraft(value: V): D;
  /** Problems the schema cannot see from the parsed value go to `errors` under `path`. */
  fromDraft(draft: D, errors: Record<string, string>, path: string): V;
}

export type DraftCodecs = Readonly<Record<string, DraftCodec>>;

type Join<P extends string, K> = P extends '' ? K & string : `${P}.${K & string}`;
type CodecDraft<C> = C extends { toDraft(value: never): infer D } ? D : never;

/** The draft of an entry: numbers as text; a custom entry's is its codec's (by path), else its value. */
export type DraftOf<E, C, P extends string = ''> =
  E extends SettingGroup<infer X>
    ? { readonly [K in keyof X]: DraftOf<X[K], C, Join<P, K>> }
    : E extends { readonly kind: 'custom' }
      ? P extends keyof C
        ? CodecDraft<C[P]>
        : ValueOf<E>
      : E extends { readonly kind: 'ordinary'; readonly control: { readonly kind: 'number' } }
        ? string
        : ValueOf<E>;

/** Text that is not a number becomes NaN, which the schema rejects with the field's own message. */
export const numberFromText = (raw: string): number => (raw.trim() === '' ? Number.NaN : Number(raw.trim()));

type Loose = Record<string, unknown>;

export const draftFrom = (group: SettingGroup, value: Loose, codecs: DraftCodecs, prefix = ''): Loose =>
  Object.fromEntries(
    Object.entries(group.entries).map(([key, entry]) => {
      const path = pathOf(prefix, key);
      const v = value[key];
      if (entry.kind === 'group') return [key, draftFrom(entry, v as Loose, codecs, path)];
      if (entry.kind === 'custom') return [key, codecs[path] ? codecs[path].toDraft(v) : v];
      return [key, entry.control.kind === 'number' ? String(v) : v];
    }),
  );

const valueFrom = (group: SettingGroup, draft: Loose, codecs: DraftCodecs, errors: Record<string, string>, prefix = ''): Loose =>
  Object.fromEntries(
    Object.entries(group.entries).map(([key, entry]) => {
      const path = pathOf(prefix, key);
      const d = draft[key];
      if (entry.kind === 'group') return [key, valueFrom(entry, d as Loose, codecs, errors, path)];
      if (entry.kind === 'custom') return [key, codecs[path] ? codecs[path].fromDraft(d, errors, path) : d];
      return [key, entry.control.kind === 'number' ? numberFromText(d as string) : d];
    }),
  );

/** The draft value at a path (`terminal.fontSize`). */
export const draftAt = (draft: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((at, key) => (at as Loose | undefined)?.[key], draft);

/** A copy of the draft with one value replaced; everything off the path is shared, not copied. */
export const withDraftAt = <D>(draft: D, path: string, value: unknown): D => {
  const [key, ...rest] = path.split('.');
  const record = draft as Loose;
  return { ...record, [key!]: rest.length === 0 ? value : withDraftAt(record[key!], rest.join('.'), value) } as D;
};

/** Key order does not make a change: the saved view and the draft may list keys differently. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Loose;
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .map((key) => [key, canonical(record[key])]),
  );
};

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export interface DraftCheck<V> {
  /** The settings the draft describes (numbers parsed; possibly invalid). */
  readonly next: V;
  /** Root entries that differ from the saved ones. */
  readonly changed: string[];
  /** What `settings:set` would get: the changed entries and those sent with them. */
  readonly patch: Partial<V>;
  /** Field path → the first message for it. */
  readonly errors: Record<string, string>;
}

/**
 * Checks a draft the way the main process will check the save: text-to-number problems, then the
 * `settings:set` schema on what would be sent, then the same cross-field rules. `saved` is the
 * settings as the main process has them, without anything only the view carries.
 */
export const checkDraft = <X extends Entries>(
  registry: Registry<X>,
  codecs: DraftCodecs,
  draft: unknown,
  saved: ValueOf<SettingGroup<X>>,
): DraftCheck<ValueOf<SettingGroup<X>>> => {
  type V = ValueOf<SettingGroup<X>>;
  const errors: Record<string, string> = {};
  const next = valueFrom(registry.root, draft as Loose, codecs, errors);
  const before = saved as Loose;
  const changed = Object.keys(registry.root.entries).filter((name) => !sameValue(next[name], before[name]));
  const patch: Loose = {};
  for (const name of changed) patch[name] = next[name];
  for (const name of changed) {
    const entry = registry.root.entries[name];
    for (const other of (entry?.kind === 'custom' && entry.sendWith) || []) if (!(other in patch)) patch[other] = next[other];
  }
  const parsed = patchSchemaOf(registry).safeParse(patch);
  // The first message per field only: zod can report one value twice (not whole and too small).
  if (!parsed.success) for (const issue of fieldErrorsOf(parsed.error.issues)) errors[issue.path] ??= issue.message;
  for (const issue of crossFieldErrors(registry, next as V, Object.keys(patch), (path) => path in errors))
    errors[issue.path] ??= issue.message;
  return { next: next as V, changed, patch: patch as Partial<V>, errors };
};
