// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * electron-builder's own dependencies, resolved through it rather than declared again: its YAML
 * parser (js-yaml), its glob matcher (minimatch), its config schema and @electron/fuses, the
 * library it flips the fuses with. What the tests read is what the packager reads.
 */
const root = join(__dirname, '..', '..', '..');
const requireHere = createRequire(join(root, 'package.json'));
export const requireBuilder = createRequire(
  requireHere.resolve('app-builder-lib/package.json', { paths: [dirname(requireHere.resolve('electron-builder/package.json'))] }),
);

const { load } = requireBuilder('js-yaml') as { load: (text: string) => unknown };

/** A config as electron-builder parses it. */
export const parseBuilderConfig = (text: string): Record<string, unknown> => load(text) as Record<string, unknown>;

/** electron-builder.yml of this repository. */
export const builderConfig = (): Record<string, unknown> => parseBuilderConfig(readFileSync(join(root, 'electron-builder.yml'), 'utf8'));

/** @electron/fuses' FuseV1Options index of an electron-builder fuse name (its enum key, lower-camel). */
export const fuseOption = (name: string): number | undefined => {
  const { FuseV1Options } = requireBuilder('@electron/fuses') as { FuseV1Options: Record<string, number | string> };
  const index = FuseV1Options[name[0]!.toUpperCase() + name.slice(1)];
  return typeof index === 'number' ? index : undefined;
};
