// SPDX-License-Identifier: MIT
/// <reference types="@withfig/autocomplete-types" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { moduleUrl } from '../runtime/paths';

/**
 * Spec name → a function importing that one spec's module. A Map, not an object: there is a spec
 * named `then`, and an object holding it is a thenable that an `await` would call and never finish.
 */
type SpecIndex = ReadonlyMap<string, () => Promise<{ default: unknown }>>;

/** How a spec module is found; the package's files by default, a fake index in tests. */
export type SpecSource = () => Promise<SpecIndex>;

/**
 * The package's list of specs, each imported from its own file when asked for. (The package's
 * `dynamic` index is a plain object of import functions, one of them `then`: the same trap as
 * above.) Specs with versions (`diffVersionedCompletions`) are functions that would run code, so
 * they are left out.
 */
const packageIndex: SpecSource = async () => {
  const list = (await import('@withfig/autocomplete')) as { default: readonly string[]; diffVersionedCompletions?: readonly string[] };
  const build = dirname(createRequire(moduleUrl()).resolve('@withfig/autocomplete'));
  const versioned = new Set(list.diffVersionedCompletions ?? []);
  const names = list.default.filter((name) => !versioned.has(name));
  return new Map(
    names.map((name) => [
      name,
      () => import(/* @vite-ignore */ pathToFileURL(join(build, `${name}.js`)).href) as Promise<{ default: unknown }>,
    ]),
  );
};

/** Specs kept after first use; git's is ~350 KB of code, so not every spec stays loaded forever. */
const KEPT_SPECS = 32;

/**
 * The Fig completion specs (`@withfig/autocomplete`), loaded one program at a time, the first time
 * that program is completed, and never at start-up: the package is 77 MB of modules, and the page
 * must not wait for any of it. Only names the package's index lists are imported (a typed program
 * name never becomes a path). A spec that throws while loading, or that is not an object (a
 * versioned spec's function would run code), gives nothing and is logged once.
 */
export class SpecLoader {
  private _index: Promise<SpecIndex> | undefined;
  private readonly _specs = new Map<string, Promise<Fig.Subcommand | undefined>>();

  constructor(
    private readonly _log: (message: string) => void,
    private readonly _source: SpecSource = packageIndex,
  ) {}

  /** Every program with a spec (and the parts of split ones, `aws/s3`). */
  async names(): Promise<readonly string[]> {
    try {
      this._index ??= this._source();
      return [...(await this._index).keys()];
    } catch {
      return [];
    }
  }

  /** The spec of `name` (`git`, `aws/s3`), or undefined when there is none or it failed. */
  load(name: string): Promise<Fig.Subcommand | undefined> {
    const kept = this._specs.get(name);
    if (kept) {
      // Most recently used last, so the oldest is the one dropped.
      this._specs.delete(name);
      this._specs.set(name, kept);
      return kept;
    }
    const loading = this._import(name);
    this._specs.set(name, loading);
    if (this._specs.size > KEPT_SPECS) this._specs.delete(this._specs.keys().next().value!);
    return loading;
  }

  private async _import(name: string): Promise<Fig.Subcommand | undefined> {
    try {
      this._index ??= this._source();
      const index = await this._index;
      const importSpec = index.get(name);
      if (!importSpec) return undefined;
      const spec = (await importSpec()).default;
      if (typeof spec !== 'object' || spec === null) {
        this._log(`completion: the ${name} spec is not a plain spec; skipped`);
        return undefined;
      }
      return spec as Fig.Subcommand;
    } catch (error) {
      this._log(`completion: the ${name} spec failed to load: ${String(error)}`);
      return undefined;
    }
  }
}
