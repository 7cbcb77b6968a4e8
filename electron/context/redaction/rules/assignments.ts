// SPDX-License-Identifier: MIT
// Generic rules, last: values assigned to credential-named variables, and random values after secret-ish words.
import { generatedValue, literalPassword, literalValue, randomLooking, secretName, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';
import { VALUE } from './fragments';

/**
 * Variable names that hold credentials: the name must END in the credential word, so
 * `DB_PASSWORD`, `apiToken` and `token_2` count but `credentialsId`, `LLM_SECRET_NAME` and `TOKEN_LIMIT` do not.
 * The match starts at the word, not at the name: a name's start is found by trying a prefix at every
 * position, which costs more than all the rest; checks see the whole name in `before`.
 * npm's `_auth` only as the whole name (`//host/:_auth=`): `MONGO_NO_AUTH` is a switch. `_PW`/`-pwd`
 * only after a separator (`CLOUDANT_PW`, `ibm-cloud-pwd`).
 */
export const SECRET_WORD = String.raw`(?:TOKEN|SECRET|SECRET_?KEY|PASSWORD|PASSWD|PASSPHRASE|[_-]PASS|[_-]PWD?|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CLIENT_?SECRET|CREDENTIALS?|CREDS|AUTH_?KEY|PSK)(?:[_-]?[0-9]{1,3})?`;
export const SECRET_NAME = String.raw`(?:${SECRET_WORD}|(?<![A-Za-z0-9_])_auth(?:Token)?)`;

/**
 * After the name: a closing quote or bracket (`os.environ['X_TOKEN']`), or a declared type
 * (`var apiToken string`, `apiToken: str`, `val apiToken: String`). Not both: `key="Password" value=`
 * is markup, left to the XML rules.
 */
export const NAME_END = String.raw`(?:["']\]?|\]|[ \t]{1,3}[A-Za-z][\w.]{0,20}|[ \t]{0,2}:[ \t]{0,2}[A-Za-z][\w.<>?]{0,20})?`;

/** Assignment operators of shells, .env, ini, Go (`:=`), Make (`?=`, `::=`), PHP (`.=`), Ruby/Perl/PHP arrays (`=>`). */
export const OPERATOR = String.raw`(?:=|:{1,3}=|\?=|\.=|=>)`;

/**
 * A colon before the value: YAML and JSON put a blank or a quote after it, so `io.jsonwebtoken:jjwt`
 * and `token::tests` are not assignments; glued to a long run of letters and digits
 * (`sl_api_key:3f9a…`) it is one all the same.
 */
export const COLON = String.raw`[ \t]{0,3}:(?:[ \t]{1,3}|(?=["'])|(?=[A-Za-z0-9+/_-]{24}))`;

/**
 * The value, with one more reading than VALUE's: a bare value that runs, without blanks, to the end
 * of the line is all of it (`db_pass: m{{h}o)p${e]…}},` in YAML or .env), not only up to its first
 * bracket or comma; a trailing quote, `,` or `;` stays out, and a quote inside ends it (`f(token=X"),`).
 * Not across `&` or `://`: `?token=X)](https://…)` in a Markdown link ends at the bracket, as before. Objective-C's `@"…"` is a quoted value.
 */
export const LINE_VALUE = String.raw`(?:@(?="))?(?:(?<s4>[^\s"'\x60;&|,}\]\[(<>@](?:(?:(?!://)[^\s"'\x60&]){0,200}[^\s"'\x60,;&])?(?=["'\x60]?[,;]?[ \t]*(?:\r?\n|$)))|${VALUE})`;

/** The words every keyword-driven rule needs somewhere in the text. */
export const KEYWORDS = [
  'token',
  'secret',
  'passw',
  'passphrase',
  '_pass',
  '-pass',
  '_pw',
  '-pw',
  'key',
  'credential',
  'creds',
  '_auth',
  'psk',
];

/** A credential word, then at most two innocuous suffixes (`_key`, `_value`, `_b64`, …), as in `secret_key_base`. */
const ENTROPY_NAME = String.raw`(?:secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key(?:[_.-]?id)?|client[_ -]?secret|signing[_ -]?key|encryption[_ -]?key|master[_ -]?key|session[_ -]?key|auth[_ -]?key|credential|passw(?:or)?d|bearer)s?(?:[_.-]?(?:key|value|base|b64|base64|hex|str|string|data|bytes)){0,2}`;

/**
 * Names ending in KEY or AUTH that are not the credential words above (`MY_APP_KEY`, `licenseKey`,
 * `datadog_app_key`, `user_auth`): many such names hold identifiers or switches (`PRIMARY_KEY`,
 * `GPG_KEY`, `MONGO_NO_AUTH`), so the value must look generated.
 */
const KEY_NAME = String.raw`(?:_KEY|_key|[a-z0-9]-key|[a-z0-9]Key|\.key|_AUTH|_auth|[a-z0-9]Auth)`;

/** Keys that identify rather than authenticate (after gitleaks' generic-api-key allowlist), and object-store keys. */
const IDENTIFIER_KEY =
  /(?:bucket|foreign|hot|idx|natural|primary|pub|public|schema|sequence|sort|partition|range|hash|cache|row|idempotency|lookup|map|issuer|ssh|gpg|pgp|kms|s3|object|blob|file|storage|upload)[_.-]?key[\w.-]{0,4}["'\]]{0,2}[ \t]{0,20}(?:[:=]|:=|::=|\?=|\.=|=>)?[ \t]{0,3}["'\x60]?$/i;

/**
 * Base64 of a sentence (`ZHVtbXkgdGV4dCBkYXRh…` is "dummy text data…"): printable text with blanks once
 * decoded. Random key bytes are almost never all printable; a password rarely has blanks.
 */
const encodedText = (value: string): boolean => {
  if (value.length < 16 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = atob(value);
  return /^[\x20-\x7e]+$/.test(decoded) && decoded.includes(' ');
};

/** An object path (`uploads/2024/05/a.png`) is what an `s3Key` names, not a secret; nor is encoded text. */
const keyValue: SecretCheck = (value, next, before = '') =>
  generatedValue(value, next, before) && !IDENTIFIER_KEY.test(before) && !/\/[^/]*\.[A-Za-z0-9]{1,5}$/.test(value) && !encodedText(value);

/**
 * Gibberish rather than a name or a digest: upper and lower case and digits mixed, no run of five
 * lower-case letters (a word, as in `someTranslationKey2`), and not hex.
 */
const gibberish: SecretCheck = (value, next, before) =>
  literalValue(value, next, before) &&
  /[A-Z]/.test(value) &&
  /[a-z]/.test(value) &&
  (value.match(/[0-9]/g)?.length ?? 0) >= 2 &&
  !/[a-z]{5}/.test(value) &&
  !/^[A-Fa-f0-9-]+$/.test(value) &&
  randomLooking(value);

export const ASSIGNMENT_RULES: readonly RuleSpec[] = [
  // `NAME=value` (shell, .env, ini, env dumps, code): an explicit assignment to a credential name is a secret whatever it looks like.
  {
    id: 'secret-assignment-equals',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_NAME}${NAME_END}[ \t]{0,16}${OPERATOR}[ \t]{0,3}${LINE_VALUE}`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: literalValue,
  },
  // `name: value` (YAML, JSON, logs): the same names, but `passwd: files` in nsswitch.conf is not a password.
  // A blank or a quote after the colon, as YAML and JSON have: `io.jsonwebtoken:jjwt` and `token::tests` are not assignments.
  // Nor is a prompt that asks for one, whose closing quote follows the colon: `read -s -p "Password: " pw`
  // names the variable the answer goes to (a quoted value starts right after its opening quote).
  {
    id: 'secret-assignment-colon',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_NAME}(?:["'][ \t]{0,3}:[ \t]{0,3}|${COLON})(?!\\?["'][ \t])${LINE_VALUE}`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: literalPassword,
  },
  // A credential name as a string argument, the value the next one: `System.setProperty("API_TOKEN", "…")`,
  // `getenv("API_KEY", "…")`, PHP's `define('DB_PASSWORD', '…')`. Only a quoted value: a bare one is a variable.
  {
    id: 'secret-argument',
    kind: 'secret-assignment',
    pattern: String.raw`["'][A-Za-z0-9_.-]{0,40}?${SECRET_WORD}["'][ \t]{0,3},[ \t]{0,16}(?:"(?<s>[^"\n]+)"|'(?<s1>[^'\n]+)')`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    // Not the next flag of an argv list (`["eks", "get-token", "--cluster-name", …]`).
    check: (value, next, before) => !value.startsWith('-') && literalValue(value, next, before),
  },
  // gitleaks-style: a secret-ish word, an operator (or a blank, as in prose), and a random-looking value on the same line.
  // A colon only before a blank or quote, as above.
  {
    id: 'high-entropy-secret',
    kind: 'high-entropy-secret',
    pattern: String.raw`${ENTROPY_NAME}["']?[ \t]{0,5}(?:=|:=|=>|:[ \t"']|[ \t])[ \t]{0,5}["']?(?<s>[A-Za-z0-9/+_=.~-]{16,})`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: (value, next, before) => randomLooking(value, next) && secretName(value, next, before),
  },
  // A field named just `key` (JSON, Python and Ruby hashes) holding a quoted value that is gibberish.
  {
    id: 'key-field',
    kind: 'secret-assignment',
    pattern: String.raw`["'](?:key|Key|KEY)["'][ \t]{0,3}(?::|=>)[ \t]{0,3}(?:"(?<s>[A-Za-z0-9+/_=.-]{20,200})"|'(?<s1>[A-Za-z0-9+/_=.-]{20,200})')`,
    keywords: ['key'],
    check: gibberish,
  },
  // `MY_APP_KEY=…`, `licenseKey: …`, `user_auth: …` (see KEY_NAME); after the rule above, which labels `encryption_key` its way.
  {
    id: 'key-assignment',
    kind: 'secret-assignment',
    pattern: String.raw`${KEY_NAME}(?:${NAME_END}[ \t]{0,16}${OPERATOR}|["']?${COLON})[ \t]{0,3}${LINE_VALUE}`,
    keywords: ['key', 'auth'],
    check: keyValue,
  },
];
