// SPDX-License-Identifier: MIT

/**
 * Checks a rule can attach to its captured secret. A pattern finds where a secret would be; these
 * decide whether what is there is one, so `password: $DB_PASSWORD` or `hf_xxxx…` in a README
 * stays readable while the same shapes holding real values are replaced. `before` is what precedes
 * the secret on its line (up to 200 characters): the variable name and operator of an assignment.
 */
export type SecretCheck = (secret: string, next?: string, before?: string) => boolean;

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
  /^(?:null|none|nil|true|false|undefined|example|redacted|hidden|masked|secret|secrets|password|passwd|pass|pwd|pw|token|apikey|api[_-]?key|key|value|val|arg|text|test|changeit-in-prod|your[_-]?[\w-]*|[\w-]*[_-]here|my[_-]?(?:password|secret|token|pass|key)|user|username|foo|bar|xxx|\*|\.\.\.|…|tbd|todo|n\/a|required|optional|string|str|env|empty|await|new|this|self|function|lambda|require)$/i;

/**
 * Templating and variable references: `$VAR`, `${{ secrets.X }}`, `%VAR%`, `{{ .Values.x }}`, `{Name}`,
 * `{db_pass2}` (a name, perhaps numbered; not `{ZqL5kVrX1n8tA2}`), `<token>`, `[PASSWORD]`. And what follows an empty value (`password = , user = x`):
 * a value does not start with a separator.
 */
const REFERENCE =
  /^(?:\$|[,;:]|%[A-Za-z_]+%|<[^>]*>?$|[^<]*>$|\[[A-Za-z _-]*\]?$|\{\{|\{[A-Za-z_]+[0-9]{0,3}\}?$|\.{3,}|…|-+$|_+$|\[REDACTED|&lt;|%s$|%\(|#\{)/;

/** Cut short for display (`ops_eyJz..`, `sk-…`): what is left is not the secret. */
const ELIDED = /(?:\.{2,}|…)$/;

/**
 * Made of words, one of them a credential word: `not_a_real_token`, `ACCESS_TOKEN`, `my-bot-token`.
 * Generated credentials have digits or no separators; such values name a secret instead of being one.
 */
const NAMING_WORDS =
  /^(?=.*(?:^|[_.\s-])(?:token|secret|password|passwd|key|apikey|credentials?)(?:$|[_.\s-]))[A-Za-z]+(?:[_.\s-][A-Za-z]+)+$/i;

/**
 * Masks and dummies: a run of x / X / * / 0, a unit repeated (`aaaaaaaa`, `123123123…`), the
 * alphabet in order or a word such as EXAMPLE marks a value as made up. Not `1234567` or
 * `abcdefgh`: weak real passwords contain them, and leaking one is worse than hiding a demo value.
 */
const DUMMY =
  /(?:x{4,}|X{4,}|\*{3,}|•{3,}|0{8,}|(.)\1{7,}|(.{2,4})\2{5,}|abcdefghijkl|ABCDEFGHIJKL|EXAMPLE|example|placeholder|PLACEHOLDER|REPLACE|replace[_-]?me|changeme|CHANGEME|dummy|DUMMY|fake|FAKE)/;

/**
 * A file path refers to a secret (`GOOGLE_APPLICATION_CREDENTIALS=/home/me/sa.json`); it is not one.
 * Two segments at least, so a value that merely starts with `/` is not taken for a path.
 */
const FILE_PATH = /^(?:~|\.{1,2})?\/[\w.@%+~-]+(?:\/[\w.@%+~-]+)+\/?$|^[A-Za-z]:\\[\w .\\-]+$/;

export const isPlaceholder = (value: string): boolean =>
  REFERENCE.test(value) || PLACEHOLDER_WORDS.test(value) || /^(.)\1*$/.test(value) || ELIDED.test(value) || NAMING_WORDS.test(value);

/** Not a reference, a placeholder word or an obvious dummy. */
export const notPlaceholder: SecretCheck = (value) => !isPlaceholder(value) && !DUMMY.test(value);

/** Masks only: runs of x / X / * / •, zero padding, AWS's documented `…EXAMPLE` keys, and `…HERE` (`xoxp-1-RANDOMSTRINGHERE`). */
const MASK = /(?:x{4,}|X{4,}|\*{3,}|•{3,}|0{8,}|EXAMPLE|(?:here|Here|HERE)$)/;

/**
 * For provider tokens whose prefix already says "secret": only masks (`hf_xxxx…`, `…EXAMPLE`, a
 * token whose tail is masked with `#` or `*`) are let through. A value that merely looks made up
 * (`ghp_abcdefgh…`) is still redacted: sending a real token is far worse than hiding a fake one,
 * and people do paste real tokens with easy runs.
 */
export const notDummy: SecretCheck = (value, next = '') => !MASK.test(value) && new Set(value).size >= 6 && !/^[#*•]/.test(next);

/** Random-looking: enough entropy and both letters and digits, as generated credentials are. */
export const randomLooking: SecretCheck = (value) =>
  notPlaceholder(value) &&
  ((/[0-9]/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= 3.5) || (value.length >= 32 && shannonEntropy(value) >= 4.2));

/** A short human password in a `key: value` file needs a digit, a symbol or mixed case to be taken as one. */
const passwordLike: SecretCheck = (value) =>
  notPlaceholder(value) &&
  value.length >= 6 &&
  (/[0-9]/.test(value) || /[^A-Za-z0-9]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)));

/**
 * A value typed after a password prompt: anything but a placeholder, an answer like `yes`, or prose.
 * Quotes around it are YAML's, not typed: what they hold is judged (`password: ',x'` is no password).
 */
export const typedPassword: SecretCheck = (value) => {
  const inner = value.replace(/^(["'])(.+)\1$/, '$2');
  return notPlaceholder(inner) && inner.length >= 4 && !/^(?:yes|no|ok|y|n|skip|empty|blank)$/i.test(inner);
};

/** A bare code expression (`os.environ`, `config.apiKey`, `getenv(…)`, `ENV[…]`) refers to a secret; it is not one. */
const CODE_PATH =
  /^(?:(?:[A-Za-z_$]{1,30}\.){1,6}[A-Za-z_$]{1,40}|(?:process\.env|import\.meta\.env|os\.environ|ENV|System\.getenv|Deno\.env)\.[\w$.]{1,60})$/;

/**
 * Names that end in a credential word by convention without holding one: public tokens and keys
 * (Mapbox, VAPID, Stripe publishable), CSRF tokens (Rails' `authenticity_token`), Helm's
 * `existingSecret` (the name of a Secret).
 */
const NOT_SECRET_NAME = /(?:public|publishable|csrf|xsrf|authenticity|existing)[\w.-]{0,20}["']?[ \t]{0,3}(?:[:=]|:=|=>)?[ \t]{0,3}["']?$/i;

export const secretName: SecretCheck = (_value, _next, before = '') => !NOT_SECRET_NAME.test(before);

/**
 * A call or an index read to the end of the line (`getpass.getpass()`, `request.headers.get('X-Token')`,
 * `os.environ['X']`): code that fetches a secret.
 */
const CODE_CALL = /^[A-Za-z_$][\w$.]{0,80}(?:\(.*\)|\[.*\])[;,)]*$/;

/**
 * A literal assigned to a credential name, not a reference to one: no placeholder, code path, file
 * path or URL (a URL's own credentials are the URL rules' business; the rest of it is an endpoint).
 */
export const literalValue: SecretCheck = (value, next, before) =>
  notPlaceholder(value) &&
  !CODE_PATH.test(value) &&
  !CODE_CALL.test(value) &&
  !FILE_PATH.test(value) &&
  !value.includes('://') &&
  next !== '(' &&
  next !== '[' &&
  secretName(value, next, before);

/** `literalValue` for `key: value` files, where a short plain word is more often a setting than a password. */
export const literalPassword: SecretCheck = (value, next, before) => literalValue(value, next, before) && passwordLike(value, next);

/**
 * Long, letters and digits only, at least 8 different characters: what a generated key is even when
 * its entropy is low (hex, or a value made of a repeated block), unlike a word or a counter. Not
 * base64 with padding or symbols, which is as often encoded text (`ZHVtbXkgdGV4dA==`).
 */
const longGenerated = (value: string): boolean =>
  value.length >= 24 && /^[A-Za-z0-9_-]+$/.test(value) && /[A-Za-z]/.test(value) && /[0-9]/.test(value) && new Set(value).size >= 8;

/** A generated value under a credential-ish name (`…_KEY`, `user_auth`): random-looking, and not a path, URL or reference. */
export const generatedValue: SecretCheck = (value, next, before) =>
  literalValue(value, next, before) && value.length >= 16 && (randomLooking(value) || (notPlaceholder(value) && longGenerated(value)));
