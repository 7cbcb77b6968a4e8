// SPDX-License-Identifier: MIT
/// <reference types="@withfig/autocomplete-types" />
import type { CompletionItem } from '../../shared/ipc/session';

/** What a position in the command takes, besides the spec's own names: paths of the directory. */
export interface SpecAnswer {
  readonly items: CompletionItem[];
  readonly paths: 'files' | 'folders' | 'none';
}

/** Loads a spec another one points to (`loadSpec: "aws/s3"`); undefined when there is none. */
export type SpecLoad = (name: string) => Promise<Fig.Subcommand | undefined>;

const namesOf = (named: { name: string | string[] }): string[] => (Array.isArray(named.name) ? named.name : [named.name]);
const listOf = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const describe = (description: unknown): { description?: string } =>
  typeof description === 'string' && description !== '' ? { description: description.slice(0, 500) } : {};

/** Spec objects come from a package: anything not the documented shape is skipped, never trusted. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Static suggestions and path templates of the arguments. Generators that run a script or custom
 * code are not run (they would run commands at a keystroke); only their `template` is read, and
 * one without a template is taken to list paths.
 */
const argumentItems = (args: Fig.SingleOrArray<Fig.Arg> | undefined): SpecAnswer => {
  const items: CompletionItem[] = [];
  let paths: SpecAnswer['paths'] = 'none';
  const take = (template: Fig.Template | undefined) => {
    const wanted = listOf(template);
    if (wanted.includes('filepaths')) paths = 'files';
    else if (wanted.includes('folders') && paths === 'none') paths = 'folders';
  };
  for (const arg of listOf(args)) {
    if (!isObject(arg)) continue;
    take(arg.template as Fig.Template | undefined);
    for (const generator of listOf(arg.generators)) {
      if (!isObject(generator)) continue;
      take(generator.template as Fig.Template | undefined);
      // A generator not run (a script, custom code: cd's folder lister) most often lists paths.
      if (generator.template === undefined && paths === 'none') paths = 'files';
    }
    for (const suggestion of listOf(arg.suggestions)) {
      if (typeof suggestion === 'string') items.push({ text: suggestion, kind: 'argument' });
      else if (isObject(suggestion) && !suggestion.hidden)
        for (const name of listOf(suggestion.name))
          if (typeof name === 'string' && name !== '') items.push({ text: name, kind: 'argument', ...describe(suggestion.description) });
    }
  }
  return { items, paths };
};

const optionItems = (options: readonly Fig.Option[], used: ReadonlySet<string>): CompletionItem[] =>
  options.flatMap((option) =>
    option.hidden || (!option.isRepeatable && namesOf(option).some((name) => used.has(name)))
      ? []
      : namesOf(option).map((name) => ({ text: name, kind: 'option' as const, ...describe(option.description) })),
  );

/** How many words an option takes after it (`-m msg`: 1); 0 for a flag or `--opt=value`. */
const optionArity = (option: Fig.Option, word: string): number =>
  word.includes('=') ? 0 : listOf(option.args).filter((arg) => !arg.isOptional).length;

/**
 * Walks a Fig spec along the finished words (`checkout`, `-b`, …) to where the cursor is, and lists
 * what may come there: subcommands and options of the subcommand reached (persistent options of
 * its parents too), or an option's arguments. Subcommands split into files of their own
 * (`loadSpec`) are loaded through `load`; a `loadSpec` function (it would run code) is not.
 */
export const walkSpec = async (spec: Fig.Subcommand, args: readonly string[], word: string, load: SpecLoad): Promise<SpecAnswer> => {
  let node: Fig.Subcommand = spec;
  let inherited: Fig.Option[] = [];
  const used = new Set<string>();
  let pending: Fig.Arg[] = [];
  for (const arg of args) {
    if (pending.length > 0) {
      pending = pending.slice(1);
      continue;
    }
    const options = [...(node.options ?? []), ...inherited];
    if (arg.startsWith('-') && arg !== '-' && arg !== '--') {
      const name = arg.split('=')[0]!;
      const option = options.find((candidate) => namesOf(candidate).includes(name));
      if (!option) continue;
      namesOf(option).forEach((n) => used.add(n));
      pending = listOf(option.args).slice(0, optionArity(option, arg));
      continue;
    }
    const sub: Fig.Subcommand | undefined = (node.subcommands ?? []).find((candidate) => namesOf(candidate).includes(arg));
    if (!sub) continue;
    inherited = [...inherited, ...(node.options ?? []).filter((option) => option.isPersistent)];
    used.clear();
    node = typeof sub.loadSpec === 'string' ? { ...sub, ...((await load(sub.loadSpec)) ?? {}), name: sub.name } : sub;
  }
  if (pending.length > 0) return argumentItems(pending[0]);
  const options = optionItems([...(node.options ?? []), ...inherited], used);
  if (word.startsWith('-')) return { items: options, paths: 'none' };
  const subcommands = (node.subcommands ?? []).flatMap((sub) =>
    sub.hidden ? [] : namesOf(sub).map((name) => ({ text: name, kind: 'subcommand' as const, ...describe(sub.description) })),
  );
  const argument = argumentItems(node.args);
  return { items: [...subcommands, ...argument.items, ...options], paths: argument.paths };
};
