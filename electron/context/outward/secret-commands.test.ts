// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '../redaction';
import { githubToken, jwt, leaksPart } from '../testing/outward-cases';
import { outwardOutput } from './outward-view';
import { leadingProgram, secretPrintingProgram, simpleCommands } from './secret-commands';

const redactor = new Redactor();
const gh = githubToken();
const id = jwt(120, 86);

/**
 * Each command the issue names, as typed, with the output it really prints: often a bare value with
 * nothing around it for a text rule to go by.
 */
const PRINTING: ReadonlyArray<readonly [string, string, string]> = [
  ['pass show web/github.com', 'Xq7!vR2#pLm9wZ\nlogin: dev@example.com\nurl: https://github.com\n', 'Xq7!vR2#pLm9wZ'],
  ['pass email/work', 'correct-horse-battery-9\n', 'correct-horse-battery-9'],
  ['op read "op://Private/Prod DB/password"', 'w8Kd!2mQz$Lp0vN\n', 'w8Kd!2mQz$Lp0vN'],
  [
    'op item get "Prod DB" --fields label=password --reveal',
    "ID:          x7f2kq4n3lq5dcbj2z3hvzqxka\nTitle:       Prod DB\nFields:\n  username:    admin\n  password:    [use 'op item get x7f2kq4n3lq5dcbj2z3hvzqxka --reveal' to reveal]\n  notes:       rotate me 9Vb#e4Tq&Zs1\n",
    '9Vb#e4Tq&Zs1',
  ],
  [
    'op item get "Prod DB" --format json',
    '{"fields":[{"id":"password","type":"CONCEALED","purpose":"PASSWORD","label":"password","value":"h7$Fq2@Lm9zX"}]}\n',
    'h7$Fq2@Lm9zX',
  ],
  ['aws ecr get-login-password --region eu-west-1', `eyJwYXlsb2FkIjoi${'Qk1yVnZ3eE5'.repeat(40)}In0=\n`, 'Qk1yVnZ3eE5Qk1yVnZ3eE5'],
  [
    'aws ecr get-login-password | docker login --username AWS --password-stdin 1234.dkr.ecr.eu-west-1.amazonaws.com',
    'Login Succeeded\n',
    'Login Succeeded',
  ],
  ['gcloud auth print-access-token', 'ya29.a0AfB_byD' + 'x'.repeat(12) + 'Qz9LmN7pK2\n', 'Qz9LmN7pK2'],
  ['gcloud auth print-identity-token', `${id}\n`, id],
  ['az account get-access-token --query accessToken -o tsv', `${id}\n`, id],
  ['gh auth token', `${gh}\n`, gh],
  ['vault read -field=password secret/db', 's.Mz81nQ2kT7vL\n', 's.Mz81nQ2kT7vL'],
  ['vault kv get -field=api_key kv/app', 'Pq9-Lm2-Zx7-Vb4\n', 'Pq9-Lm2-Zx7-Vb4'],
  ["kubectl get secret db -o jsonpath='{.data.password}' | base64 -d", 'S3cretPa55w0rd!\n', 'S3cretPa55w0rd!'],
  ["kubectl get secret db -o jsonpath='{.data.password}'", 'UzNjcmV0UGE1NXcwcmQh\n', 'UzNjcmV0UGE1NXcwcmQh'],
  ['kubectl get secrets db -o yaml | base64 --decode', 'ignored\n', 'ignored'],
  [
    'heroku auth:token',
    ' ›   Warning: token will expire 2026-12-31\n3f9a1c2e-7b4d-4e8f-9a0b-1c2d3e4f5a6b\n',
    '3f9a1c2e-7b4d-4e8f-9a0b-1c2d3e4f5a6b',
  ],
  [
    'npm token create',
    '┌────────────────┬──────────────────────────────────────┐\n│ token          │ npm_Zk81LmQ2vT7xN4pR9sW3yB6cF0gH5jK1 │\n└────────────────┴──────────────────────────────────────┘\n',
    'Zk81LmQ2vT7xN4pR9sW3yB6cF0gH5jK1',
  ],
];

/** The same programs behind what a shell puts in front of them. */
const WRAPPED = [
  'sudo -u deploy op read op://Shared/ci/token',
  'AWS_PROFILE=prod /usr/local/bin/aws ecr get-login-password',
  'env -u HISTFILE gh auth token',
  'cd infra && vault read -field=token secret/ci',
  'TOKEN=$(gh auth token); echo done',
  'time command pass show x',
  'echo start; /usr/bin/gcloud auth application-default print-access-token',
];

const NOT_PRINTING = [
  'pass',
  'pass ls',
  'pass insert web/new',
  'pass git push',
  'op item list',
  'op signin',
  'aws ecr describe-repositories',
  'gh auth status',
  'gh pr list',
  'vault read secret/db',
  'kubectl get secret db',
  'kubectl get pods | base64 -d',
  'npm token list',
  'echo "pass show x"',
  'grep -r "op read" docs',
  'git commit -m "gh auth token; op read"',
  '',
];

describe('commands that exist to print a secret', () => {
  it.each(PRINTING)('withholds the output of `%s`', (line, output, secret) => {
    expect(secretPrintingProgram(line)).not.toBeNull();
    const out = outwardOutput(line, output, redactor);
    expect(leaksPart(out.text, secret, Math.min(10, secret.length))).toBe(false);
    expect(out.text).toBe('[REDACTED:printed-secret]');
  });

  it.each(WRAPPED)('finds the program behind `%s`', (line) => {
    expect(secretPrintingProgram(line)).not.toBeNull();
  });

  it.each(NOT_PRINTING)('leaves `%s` to the text rules', (line) => {
    expect(secretPrintingProgram(line)).toBeNull();
  });

  it('splits a line as the shell would, quotes and pipelines kept together', () => {
    expect(simpleCommands(`a 'b | c' && d "e;f" | g\\ h`)).toEqual([[['a', 'b | c']], [['d', 'e;f'], ['g h']]]);
  });

  it('reads a 10,000-character line to its end', () => {
    expect(secretPrintingProgram(`echo ${'x'.repeat(10_000)} | op read op://a/b/c`)).toBe('op');
  });
});

describe('the program a line starts with (history stats)', () => {
  it('is the first word the shell would run, past separators, parens, assignments and wrappers', () => {
    const cases: Array<[string, string | null]> = [
      ['clear; ls', 'clear'],
      ['(exit 3)', 'exit'],
      ['FOO=1 BAR=2 sudo -E make all', 'make'],
      ['sudo -u deploy systemctl restart app', 'systemctl'],
      ['command git status', 'git'],
      ['env X=1 ls -la', 'ls'],
      ["'my tool' --flag", 'my tool'],
      [';', null],
      ['   ', null],
      ['; ; npm test', 'npm'],
      ['X=1', null],
    ];
    for (const [line, program] of cases) expect(leadingProgram(line), line).toBe(program);
  });
});
