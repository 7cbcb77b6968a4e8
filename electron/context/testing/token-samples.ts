// SPDX-License-Identifier: MIT
import { seededRandom } from '../../../shared/testing/seeded-random';

/**
 * Realistic, deterministic text samples for checking the token estimate against the real tokenizer
 * (tests and `benchTokenEstimate`). They are generated rather than stored so they stay small in the
 * repository, and they were not used to fit the estimate's prices (that corpus came from a Debian box).
 */
export interface TokenSample {
  readonly name: string;
  readonly kind: 'terminal' | 'code' | 'prose';
  readonly text: string;
}

export { seededRandom };

const WORDS = [
  'build',
  'server',
  'config',
  'index',
  'utils',
  'main',
  'test',
  'data',
  'cache',
  'worker',
  'client',
  'router',
  'schema',
  'logger',
  'store',
  'api',
];
const EXT = ['ts', 'js', 'json', 'md', 'rs', 'py', 'lock', 'yml', 'txt', 'sh'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const gen = (seed: number) => {
  const rnd = seededRandom(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('');
  return { rnd, int, pick, hex };
};

const lsLong = (): string => {
  const { int, pick } = gen(1);
  const lines = ['total 1288'];
  for (let i = 0; i < 120; i++) {
    const dir = int(5) === 0;
    const name = dir ? pick(WORDS) : `${pick(WORDS)}-${pick(WORDS)}.${pick(EXT)}`;
    const size = String(dir ? 4096 : int(200_000)).padStart(7);
    lines.push(
      `${dir ? 'drwxr-xr-x' : '-rw-r--r--'} ${1 + int(3)} dev  staff ${size} ${pick(MONTHS)} ${String(1 + int(28)).padStart(2)} ${String(int(24)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')} ${name}`,
    );
  }
  return lines.join('\n');
};

const npmInstall = (): string => {
  const { int, pick } = gen(2);
  const lines: string[] = [];
  for (let i = 0; i < 25; i++)
    lines.push(
      `npm warn deprecated ${pick(WORDS)}-${pick(WORDS)}@${int(9)}.${int(20)}.${int(10)}: This package is no longer supported. Use ${pick(WORDS)} instead.`,
    );
  lines.push(
    '',
    `added ${300 + int(900)} packages, and audited ${1200 + int(300)} packages in ${int(60)}s`,
    '',
    `${100 + int(100)} packages are looking for funding`,
    '  run `npm fund` for details',
    '',
  );
  lines.push(
    `${int(9)} vulnerabilities (${int(4)} moderate, ${int(4)} high)`,
    '',
    'To address all issues, run:',
    '  npm audit fix --force',
  );
  return lines.join('\n');
};

const cargoErrors = (): string => {
  const { int, pick } = gen(3);
  const lines = [`   Compiling ${pick(WORDS)}-core v0.${int(9)}.${int(9)} (/home/dev/src/${pick(WORDS)})`];
  for (let i = 0; i < 14; i++) {
    const file = `src/${pick(WORDS)}/${pick(WORDS)}.rs`;
    const line = 10 + int(400);
    lines.push(
      `error[E0${300 + int(400)}]: mismatched types`,
      `  --> ${file}:${line}:${5 + int(40)}`,
      '   |',
      `${String(line).padEnd(3)}|     let ${pick(WORDS)}: u32 = self.${pick(WORDS)}.len();`,
      '   |                   ---   ^^^^^^^^^^^^^^^^^^ expected `u32`, found `usize`',
      '   |                   |',
      '   |                   expected due to this',
      '',
    );
  }
  lines.push(`error: could not compile \`${pick(WORDS)}-core\` (lib) due to 14 previous errors`);
  return lines.join('\n');
};

const gitLog = (): string => {
  const { int, pick, hex } = gen(4);
  const lines: string[] = [];
  for (let i = 0; i < 30; i++) {
    lines.push(
      `commit ${hex(40)}`,
      `Author: Dev ${pick(['Ada', 'Linus', 'Grace', 'Ken'])} <dev${int(99)}@example.org>`,
      `Date:   Mon ${pick(MONTHS)} ${1 + int(28)} ${String(int(24)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')}:17 2025 +0200`,
      '',
      `    Fix ${pick(WORDS)} handling in the ${pick(WORDS)} ${pick(WORDS)}`,
      '',
    );
  }
  return lines.join('\n');
};

const psAux = (): string => {
  const { int, pick } = gen(5);
  const lines = ['USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND'];
  for (let i = 0; i < 70; i++) {
    const cmd = pick([
      '/usr/bin/node /home/dev/app/dist/main.js',
      'postgres: checkpointer',
      '/usr/sbin/sshd -D',
      'python3 -m http.server 8000',
      'bash',
      'sleep 3600',
      '/lib/systemd/systemd-journald',
    ]);
    lines.push(
      `${pick(['root', 'dev', 'postgres'])}`.padEnd(8) +
        `${String(100 + int(40000)).padStart(8)}  ${int(9)}.${int(9)}  ${int(5)}.${int(9)} ${String(int(900000)).padStart(7)} ${String(int(90000)).padStart(6)} ${pick(['?', 'pts/0', 'pts/1'])}`.padEnd(
          8,
        ) +
        `      ${pick(['Ss', 'S', 'R+', 'Sl'])}   ${String(int(24)).padStart(2, '0')}:${String(int(60)).padStart(2, '0')}   ${int(3)}:${String(int(60)).padStart(2, '0')} ${cmd}`,
    );
  }
  return lines.join('\n');
};

const pytest = (): string => {
  const { int, pick } = gen(6);
  const lines = [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.12.1, pytest-8.3.2, pluggy-1.5.0',
    `collected ${80 + int(40)} items`,
    '',
  ];
  for (let i = 0; i < 12; i++)
    lines.push(
      `tests/test_${pick(WORDS)}.py ${'.'.repeat(3 + int(20))}${int(4) === 0 ? 'F' : ''}${'.'.repeat(int(6))} [${String(int(100)).padStart(3)}%]`,
    );
  lines.push(
    '',
    '=================================== FAILURES ===================================',
    `______________________________ test_${pick(WORDS)}_roundtrip ______________________________`,
    '',
    '    def test_roundtrip():',
    `>       assert decode(encode(${pick(WORDS)})) == ${pick(WORDS)}`,
    "E       AssertionError: assert {'id': 3, 'name': 'x'} == {'id': 3}",
    '',
    `tests/test_${pick(WORDS)}.py:${int(200)}: AssertionError`,
    `=========================== 1 failed, ${80 + int(30)} passed in ${int(9)}.${int(99)}s ===========================`,
  );
  return lines.join('\n');
};

const kubectl = (): string => {
  const { int, pick, hex } = gen(7);
  const lines = ['NAME                                   READY   STATUS             RESTARTS        AGE'];
  for (let i = 0; i < 60; i++) {
    const name = `${pick(WORDS)}-${pick(WORDS)}-${hex(9)}-${hex(5)}`;
    lines.push(
      `${name.padEnd(39)}${int(2)}/1     ${pick(['Running', 'CrashLoopBackOff', 'Pending', 'Completed']).padEnd(19)}${String(int(40)).padEnd(16)}${1 + int(50)}d`,
    );
  }
  return lines.join('\n');
};

const typescriptCode = (): string => {
  const { pick } = gen(8);
  const blocks: string[] = [];
  for (let i = 0; i < 14; i++) {
    const a = pick(WORDS);
    const b = pick(WORDS);
    blocks.push(
      `export interface ${a[0]!.toUpperCase()}${a.slice(1)}Options {\n  readonly ${b}Timeout: number;\n  readonly onError?: (error: Error) => void;\n}\n\n/** Retries the ${a} request until the ${b} answers or the deadline passes. */\nexport async function fetch${a[0]!.toUpperCase()}${a.slice(1)}(url: string, options: ${a[0]!.toUpperCase()}${a.slice(1)}Options): Promise<Response> {\n  const deadline = Date.now() + options.${b}Timeout;\n  for (let attempt = 0; Date.now() < deadline; attempt++) {\n    try {\n      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });\n      if (response.ok) return response;\n    } catch (error) {\n      options.onError?.(error as Error);\n    }\n    await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 100));\n  }\n  throw new Error(\`${a}: no answer from \${url}\`);\n}\n`,
    );
  }
  return blocks.join('\n');
};

const pythonCode = (): string => {
  const { pick, int } = gen(9);
  const blocks: string[] = [];
  for (let i = 0; i < 14; i++) {
    const a = pick(WORDS);
    blocks.push(
      `class ${a[0]!.toUpperCase()}${a.slice(1)}Repository:\n    """Loads and saves ${a} records."""\n\n    def __init__(self, path: str, limit: int = ${int(500)}) -> None:\n        self._path = path\n        self._limit = limit\n        self._cache: dict[str, dict] = {}\n\n    def load(self, key: str) -> dict | None:\n        if key in self._cache:\n            return self._cache[key]\n        with open(os.path.join(self._path, f"{key}.json"), encoding="utf-8") as fh:\n            record = json.load(fh)\n        if len(self._cache) >= self._limit:\n            self._cache.pop(next(iter(self._cache)))\n        self._cache[key] = record\n        return record\n`,
    );
  }
  return blocks.join('\n');
};

const PROSE = [
  'When a build fails in one terminal, the cause is often visible in another: a dependency was upgraded in the first tab, a configuration file was edited in the second, and the third only shows the final error. The assistant sees the commands from every recent session, scores them against the question, and shows the model a short catalog instead of everything.',
  'Nothing leaves the machine unredacted. Keys, tokens and passwords are replaced by labelled placeholders before the request is assembled, and the preview lists what was replaced. The model can still reason about where a credential was used without ever seeing it.',
  "Context windows are large but not free. Each request is built to fit the model's limit with a safety margin, and when something has to go, the least important material is dropped first: older conversation turns, then low-scoring catalog entries, then older commands. The question and the commands you pinned stay.",
  'Long conversations are compacted on request. The older part is summarised by the configured model and kept alongside the originals, so compaction can be undone. If the model cannot be reached, the engine falls back to dropping the oldest messages and says so.',
];

const prose = (seed: number): string => {
  const { pick } = gen(seed);
  return Array.from({ length: 16 }, () => pick(PROSE)).join('\n\n');
};

/** Samples by content class; each is a few kilobytes. */
export const tokenSamples = (): TokenSample[] => [
  { name: 'ls -l', kind: 'terminal', text: lsLong() },
  { name: 'npm install', kind: 'terminal', text: npmInstall() },
  { name: 'cargo build errors', kind: 'terminal', text: cargoErrors() },
  { name: 'git log', kind: 'terminal', text: gitLog() },
  { name: 'ps aux', kind: 'terminal', text: psAux() },
  { name: 'pytest', kind: 'terminal', text: pytest() },
  { name: 'kubectl get pods', kind: 'terminal', text: kubectl() },
  { name: 'TypeScript', kind: 'code', text: typescriptCode() },
  { name: 'Python', kind: 'code', text: pythonCode() },
  { name: 'prose', kind: 'prose', text: prose(10) },
];
