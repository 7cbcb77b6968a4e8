// SPDX-License-Identifier: MIT

/**
 * Checks a rule can attach to its captured secret. A pattern finds where a secret would be; these
 * decide whether what is there is one, so `password: $DB_PASSWORD` or `hf_xxxx…` in a README
 * stays readable while the same shapes holding real values are replaced.
 */
export type SecretCheck = (secret: string, next?: string) => boolean;

/** Shannon entropy in bits per character. */
export const shannonEntropy = (value: string): number => {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
};

/** Words people write where a credential would go, in docs, templates and usage lines. */
const PLACEHOLDER_WORDS =
  /^(?:null|none|nil|true|false|undefined|example|redacted|hidden|masked|secret|secrets|password|passwd|pass|pwd|pw|token|apikey|api[_-]?key|key|value|changeit-in-prod|your[_-]?[\w-]*|[\w-]*[_-]here|my[_-]?(?:password|secret|token|pass|key)|user|username|foo|bar|xxx|\*|\.\.\.|…|tbd|todo|n\/a|required|optional|string|str|env|empty)$/i;

/** Templating and variable references: `$VAR`, `${{ secrets.X }}`, `%VAR%`, `{{ .Values.x }}`, `<token>`, `[PASSWORD]`. */
const REFERENCE =
  /^(?:\$|%[A-Za-z_]+%|<[^>]*>?$|[^<]*>$|\[[A-Za-z _-]*\]?$|\{\{|\{[A-Za-z_]+\}$|\.{3,}|…|-+$|_+$|\[REDACTED|&lt;|%s$|%\(|#\{)/;

/** Masks and dummies: a run of x / X / * / 0 or the word EXAMPLE marks a value as made up. */
const DUMMY = /(?:x{4,}|X{4,}|\*{3,}|•{3,}|0{8,}|1234567|abcdefgh|EXAMPLE|example|placeholder|PLACEHOLDER|REPLACE|replace_?me|changeme|CHANGEME|dummy|DUMMY|fake|FAKE)/;

export const isPlaceholder = (value: string): boolean => REFERENCE.test(value) || PLACEHOLDER_WORDS.test(value) || /^(.)\1*$/.test(value);

/** Not a reference, a placeholder word or an obvious dummy. */
export const notPlaceholder: SecretCheck = (value) => !isPlaceholder(value) && !DUMMY.test(value);

/** Masks only: runs of x / X / * / •, zero padding, and AWS's documented `…EXAMPLE` keys. */
const MASK = /(?:x{4,}|X{4,}|\*{3,}|•{3,}|0{8,}|EXAMPLE)/;

/**
 * For provider tokens whose prefix already says "secret": only masks (`hf_xxxx…`, `…EXAMPLE`) are
 * let through. A value that merely looks made up (`ghp_abcdefgh…`) is still redacted: sending a
 * real token is far worse than hiding a fake one, and people do paste real tokens with easy runs.
 */
export const notDummy: SecretCheck = (value) => !MASK.test(value) && new Set(value).size >= 6;

/** Random-looking: enough entropy and both letters and digits, as generated credentials are. */
export const randomLooking: SecretCheck = (value) =>
  notPlaceholder(value) &&
  ((/[0-9]/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= 3.5) || (value.length >= 32 && shannonEntropy(value) >= 4.2));

/** A short human password in a `key: value` file needs a digit, a symbol or mixed case to be taken as one. */
export const passwordLike: SecretCheck = (value) =>
  notPlaceholder(value) &&
  value.length >= 6 &&
  (/[0-9]/.test(value) || /[^A-Za-z0-9]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)));

/** A value typed after a password prompt: anything but a placeholder, an answer like `yes`, or prose. */
export const typedPassword: SecretCheck = (value) => notPlaceholder(value) && value.length >= 4 && !/^(?:yes|no|ok|y|n|skip|empty|blank)$/i.test(value);

/** A bare code expression (`os.environ`, `config.apiKey`, `getenv(…)`, `ENV[…]`) refers to a secret; it is not one. */
const CODE_PATH = /^(?:(?:[A-Za-z_$]{1,30}\.){1,6}[A-Za-z_$]{1,40}|(?:process\.env|import\.meta\.env|os\.environ|ENV|System\.getenv|Deno\.env)\.[\w$.]{1,60})$/;

export const literalValue: SecretCheck = (value, next) => notPlaceholder(value, next) && !CODE_PATH.test(value) && next !== '(' && next !== '[';

/** `literalValue` for `key: value` files, where a short plain word is more often a setting than a password. */
export const literalPassword: SecretCheck = (value, next) => literalValue(value, next) && passwordLike(value, next);
