// SPDX-License-Identifier: MIT
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * This module's URL in every form the code runs in: ESM source under Vitest, the ESM bundles in
 * dist/node/, and the CJS Electron bundle in dist/electron/, where esbuild leaves import.meta empty
 * and __filename is the bundle itself.
 */
export const moduleUrl = (): string => {
  const url = import.meta.url as string | undefined;
  return url || pathToFileURL(__filename).href;
};

/**
 * A path relative to the project root. Sources (electron/<dir>/) and bundles (dist/<dir>/) both
 * sit exactly two levels below it, which is what makes one answer right for all of them.
 */
export const projectPath = (relative: string): string => fileURLToPath(new URL(`../../${relative}`, moduleUrl()));
