// SPDX-License-Identifier: MIT
import { capCleanOutput, CLEAN_OUTPUT_MAX_CHARS } from '../../store/output/command-output';
import { summarize } from '../../segmenter/clean-text';

/**
 * Records whose secrets leaked out of the store through one surface or another: each
 * with its command line, the clean output the store keeps for it (capped as the store caps it) and
 * the secrets that must not leave, whole or in part. Secrets are made from a seeded generator and
 * their well-known prefixes are joined at run time, so this file holds no string a scanner flags.
 */
export interface LeakCase {
  readonly name: string;
  readonly commandLine: string;
  readonly cwd?: string;
  /** The clean output as the store keeps it (capCleanOutput applied). */
  readonly cleanOutput: string;
  /** The head/tail summary the store derives from the whole output. */
  readonly outputSummary: string;
  readonly secrets: readonly string[];
}

let state = 0x2f6b1d3;
const next = (): number => {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const URL64 = `${ALNUM}-_`;
const B64 = `${ALNUM}+/`;
const pick = (set: string, n: number): string => Array.from({ length: n }, () => set[Math.floor(next() * set.length)]).join('');

const GH = 'gh' + 'p_';
const JWT_HEAD = 'ey' + 'J';

export const githubToken = (): string => `${GH}${pick(ALNUM, 36)}`;
export const jwt = (payloadChars = 300, signatureChars = 342): string =>
  `${JWT_HEAD}${pick(URL64, 34)}.${JWT_HEAD}${pick(URL64, payloadChars)}.${pick(URL64, signatureChars)}`;

const leak = (name: string, commandLine: string, whole: string, secrets: readonly string[], cwd?: string): LeakCase => ({
  name,
  commandLine,
  ...(cwd ? { cwd } : {}),
  cleanOutput: capCleanOutput(whole),
  outputSummary: summarize(whole, 10, 10),
  secrets,
});

/** The four cases of where a model request cut before it redacted. */
export const cutBeforeRedactCases = (): LeakCase[] => {
  const pgpass = `${pick(ALNUM, 10)}Q!x9`;
  const pgpass2 = `${pick(ALNUM, 14)}`;
  const gcloud = jwt();
  const kubectl = jwt(600, 342);
  const session = `IQoJb3JpZ2luX2Vj${pick(B64, 340)}`;
  const straddling = githubToken();
  const half = CLEAN_OUTPUT_MAX_CHARS / 2;
  // One long line (a minified config printed whole) with the token across the store's head/tail cut.
  const filler = (n: number) => pick('abcdefghij ', n);
  // 29 of its 40 characters before the cut, as they were found.
  const before = `{"config":"${filler(half - 11 - 29)}`;
  const bigLine = `${before}${straddling}${filler(40_000)}"}\n`;
  return [
    leak('pgpass', 'cat ~/.pgpass', `db.internal.example:5432:appdb:app_user:${pgpass}\n*:*:*:postgres:${pgpass2}\n`, [pgpass, pgpass2]),
    leak('gcloud identity token', 'gcloud auth print-identity-token --audiences=https://svc.example', `${gcloud}\n`, [gcloud]),
    leak('kubectl token', 'kubectl create token deployer -n ci', `${kubectl}\n`, [kubectl]),
    leak(
      'aws session token',
      'aws sts get-session-token --duration-seconds 3600',
      `{\n    "Credentials": {\n        "AccessKeyId": "ASIA${pick('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}",\n        "SessionToken": "${session}",\n        "Expiration": "2026-12-07T20:00:00+00:00"\n    }\n}\n`,
      [session],
    ),
    leak('github token straddling the stored cut', 'cat build/config.min.json', bigLine, [straddling]),
  ];
};

/** A token in a folder's name: `pwd` output was redacted, the directory column never was. */
export const directoryCase = (): LeakCase => {
  const token = githubToken();
  const cwd = `/home/dev/checkouts/${token}/app`;
  return leak('token in the directory', 'make test', 'ok\n', [token], cwd);
};

/** True when `text` holds `secret` or any run of `window` of its characters. */
export const leaksPart = (text: string, secret: string, window = 12): boolean => {
  for (let at = 0; at + window <= secret.length; at++) if (text.includes(secret.slice(at, at + window))) return true;
  return secret.length < window && text.includes(secret);
};
