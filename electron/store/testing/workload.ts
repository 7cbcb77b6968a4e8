// SPDX-License-Identifier: MIT
import { seededRandom, type Random } from '../../../shared/testing/seeded-random';
/**
 * Seeded, realistic-looking terminal workloads for the store benchmarks: command lines, short clean
 * outputs, and coloured output streams. Deterministic so runs compare.
 */

export { seededRandom, type Random };

const WORDS = (
  'api app auth build cache client config core data db debug deploy dev dist docs error event fetch file fix ' +
  'handler http index init job lib log main model node parser plugin queue render router schema server service ' +
  'session shell socket store stream sync task test theme token tool user util view worker billing payments ' +
  'search upload invoice report metrics gateway proxy ingest export import settings profile cart order inventory'
).split(' ');
const HOSTS = ['devbox', 'build-01', 'prod-web-3', 'staging-db', 'laptop', 'ci-runner-7'];
const PACKAGES = ['react', 'zod', 'vitest', 'express', 'lodash', 'typescript', 'esbuild', 'requests', 'numpy', 'serde', 'tokio'];
const NAMESPACES = ['default', 'kube-system', 'payments', 'monitoring', 'staging'];

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const word = (random: Random) => pick(random, WORDS);
const hex = (random: Random, length: number) =>
  Math.floor(random() * 16 ** length)
    .toString(16)
    .padStart(length, '0');
const path = (random: Random) => `src/${word(random)}/${word(random)}-${Math.floor(random() * 50)}.ts`;

type Template = (random: Random) => { line: string; output: string };

const TEMPLATES: Template[] = [
  () => ({
    line: 'git status',
    output: "On branch main\nYour branch is up to date with 'origin/main'.\n\nnothing to commit, working tree clean",
  }),
  (r) => ({
    line: `git commit -m "${word(r)}: ${word(r)} ${word(r)}"`,
    output: `[main ${hex(r, 7)}] ${word(r)} ${word(r)}\n 3 files changed, ${Math.floor(r() * 200)} insertions(+)`,
  }),
  (r) => ({ line: `git checkout -b feature/${word(r)}-${Math.floor(r() * 999)}`, output: `Switched to a new branch 'feature/${word(r)}'` }),
  (r) => ({
    line: 'git log --oneline -n 5',
    output: Array.from({ length: 5 }, () => `${hex(r, 7)} ${word(r)} ${word(r)} ${word(r)}`).join('\n'),
  }),
  (r) => ({
    line: `npm run ${pick(r, ['build', 'test', 'lint', 'dev'])}`,
    output: `> contexterm@0.1.0 ${word(r)}\n✓ ${path(r)} (12 tests) ${Math.floor(r() * 90)}ms`,
  }),
  (r) => ({
    line: `npm install ${pick(r, PACKAGES)}`,
    output: `added ${Math.floor(r() * 90)} packages, and audited 412 packages in 3s\nfound 0 vulnerabilities`,
  }),
  (r) => ({
    line: `npx tsc -p tsconfig.json`,
    output: `${path(r)}(${Math.floor(r() * 300)},7): error TS2345: Argument of type 'string' is not assignable to parameter of type '${word(r)}'.`,
  }),
  (r) => ({
    line: `ls -la ${word(r)}`,
    output: Array.from({ length: 4 }, () => `-rw-r--r-- 1 dev dev ${Math.floor(r() * 9999)} Jan 12 ${word(r)}.ts`).join('\n'),
  }),
  (r) => ({ line: `cd ~/src/${word(r)}`, output: '' }),
  (r) => ({ line: `grep -rn "${word(r)}" src/`, output: `${path(r)}:${Math.floor(r() * 400)}: const ${word(r)} = ${word(r)}();` }),
  (r) => ({ line: `docker compose up -d ${word(r)}`, output: `Container ${word(r)}-${word(r)}-1 Started` }),
  (r) => ({
    line: `docker logs ${word(r)}-1 --tail 20`,
    output: `INFO ${word(r)} listening on :${3000 + Math.floor(r() * 100)}\nWARN ${word(r)} retry in 5s`,
  }),
  (r) => ({
    line: `kubectl get pods -n ${pick(r, NAMESPACES)}`,
    output: `NAME READY STATUS\n${word(r)}-${hex(r, 5)} 1/1 Running\n${word(r)}-${hex(r, 5)} 0/1 CrashLoopBackOff`,
  }),
  (r) => ({
    line: `cargo test ${word(r)}`,
    output: `running ${Math.floor(r() * 40)} tests\ntest ${word(r)}::${word(r)} ... ok\ntest result: ok.`,
  }),
  (r) => ({
    line: `python3 -m pytest tests/test_${word(r)}.py`,
    output: `==== ${Math.floor(r() * 30)} passed in 1.${Math.floor(r() * 99)}s ====`,
  }),
  (r) => ({
    line: `ssh ${pick(r, HOSTS)}`,
    output: `Last login: Mon Jan 12 09:14 from 10.0.${Math.floor(r() * 255)}.${Math.floor(r() * 255)}`,
  }),
  (r) => ({
    line: `curl -s https://${word(r)}.internal/api/${word(r)}`,
    output: `{"status":"${pick(r, ['ok', 'error'])}","${word(r)}":${Math.floor(r() * 1000)}}`,
  }),
  (r) => ({ line: `make -j4 ${word(r)}`, output: `cc -O2 -c ${word(r)}.c -o ${word(r)}.o\nmake: *** [Makefile:42: ${word(r)}] Error 1` }),
  (r) => ({ line: `rm -rf dist/${word(r)}`, output: '' }),
  (r) => ({ line: `tail -n 50 /var/log/${word(r)}.log`, output: `ERROR ${word(r)}: connection refused (ECONNREFUSED 127.0.0.1:5432)` }),
];

/** A command line and its short clean output. */
export const randomCommand = (random: Random): { line: string; output: string } => pick(random, TEMPLATES)(random);

const SGR = ['\x1b[0m', '\x1b[1;34m', '\x1b[32m', '\x1b[31m', '\x1b[33m', '\x1b[36m'];

/** `length` bytes of coloured terminal output (ls/compiler-log-like lines, CRLF endings, ASCII). */
export const terminalText = (random: Random, length: number): Buffer => {
  let text = '';
  while (text.length < length) {
    const perms = pick(random, ['-rw-r--r--', 'drwxr-xr-x', '-rwxr-xr-x']);
    text += `${perms} 1 dev dev ${String(Math.floor(random() * 99999)).padStart(6)} Jan ${1 + Math.floor(random() * 28)} `;
    text += `${pick(random, SGR)}${word(random)}-${word(random)}.${pick(random, ['ts', 'js', 'json', 'md'])}\x1b[0m`;
    text += random() < 0.1 ? `  ${pick(random, SGR)}warning: ${word(random)} ${word(random)} is deprecated\x1b[0m\r\n` : '\r\n';
  }
  return Buffer.from(text.slice(0, length), 'latin1');
};

/** What the segmenter would store as clean output: SGR removed, CRLF as LF. */
export const stripForBench = (bytes: Buffer): string =>
  bytes
    .toString('latin1')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .replace(/\r\n/g, '\n');
