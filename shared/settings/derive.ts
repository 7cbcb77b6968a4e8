// SPDX-License-Identifier: MIT
import { z } from 'zod';
import type { FieldError } from './fields';
import type { Entries, Entry, InputOf, Registry, SettingGroup, ValueOf } from './setting';

/*
 * What the registry's entries become: the zod schemas of the wire contract, the defaults, and the
 * cross-field rules a save runs. The types are computed from the entries (ValueOf / InputOf) and
 * the schemas built at run time are cast to them once, here.
 */

type SchemaOf<E> = z.ZodType<ValueOf<E>, InputOf<E>>;

/** The whole settings object: not strict, so `SettingsView` can extend it. */
export type SettingsSchema<X extends Entries> = z.ZodObject<{ -readonly [K in keyof X]: SchemaOf<X[K]> }>;

/** `settings:set`: any root entries, each whole; nothing unknown. */
export type PatchSchema<X extends Entries> = z.ZodType<
  { -readonly [K in keyof X]?: ValueOf<X[K]> },
  { -readonly [K in keyof X]?: InputOf<X[K]> }
>;

const entrySchema = (entry: Entry): z.ZodType => {
  if (entry.kind === 'group') return groupSchema(entry);
  return entry.fillIfMissing ? entry.schema.default(entry.default as never) : entry.schema;
};

const shapeOf = (group: SettingGroup): Record<string, z.ZodType> =>
  Object.fromEntries(Object.entries(group.entries).map(([key, entry]) => [key, entrySchema(entry)]));

/** A group as a strict object with its group checks. */
const groupSchema = <X extends Entries>(group: SettingGroup<X>): SchemaOf<SettingGroup<X>> => {
  let schema: z.ZodType = z.strictObject(shapeOf(group));
  for (const rule of group.checks) schema = schema.refine((value) => rule.check(value as never), rule.message);
  return schema as SchemaOf<SettingGroup<X>>;
};

export const settingsSchemaOf = <X extends Entries>(registry: Registry<X>): SettingsSchema<X> =>
  z.object(shapeOf(registry.root)) as unknown as SettingsSchema<X>;

const patchSchemas = new WeakMap<Registry, z.ZodType>();

export const patchSchemaOf = <X extends Entries>(registry: Registry<X>): PatchSchema<X> => {
  let schema = patchSchemas.get(registry as Registry);
  if (!schema) {
    const shape = Object.fromEntries(Object.entries(shapeOf(registry.root)).map(([key, s]) => [key, s.optional()]));
    patchSchemas.set(registry as Registry, (schema = z.strictObject(shape)));
  }
  return schema as PatchSchema<X>;
};

/** Every entry's default, in one object shaped like the settings. */
export const defaultsOf = <X extends Entries>(group: SettingGroup<X>): ValueOf<SettingGroup<X>> =>
  Object.fromEntries(
    Object.entries(group.entries).map(([key, entry]) => [key, entry.kind === 'group' ? defaultsOf(entry) : entry.default]),
  ) as ValueOf<SettingGroup<X>>;

export const pathOf = (prefix: string, key: string): string => (prefix === '' ? key : `${prefix}.${key}`);

/** The rules a save runs: those reading a root entry it includes. */
export const crossFieldErrors = <X extends Entries>(
  registry: Registry<X>,
  settings: ValueOf<SettingGroup<X>>,
  sent: readonly string[],
  hasError: (path: string) => boolean = () => false,
): FieldError[] =>
  registry.rules.filter((rule) => rule.sections.some((name) => sent.includes(name))).flatMap((rule) => rule.check(settings, hasError));
