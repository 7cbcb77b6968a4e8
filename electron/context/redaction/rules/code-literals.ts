// SPDX-License-Identifier: MIT
// Credentials written into code as literals: compared with (`if (api_key == "…")`), given after the
// bare name (`password "…";`), or assigned to a name that has a suffix after the credential word
// (`db_pass_secure := …`, `apikey_myservice: "…"`).
import { literalValue, type SecretCheck } from './checks';
import { COLON, KEYWORDS, LINE_VALUE, NAME_END, OPERATOR, SECRET_NAME, SECRET_WORD } from './assignments';
import { proseSecret } from './prose';
import type { RuleSpec } from './rule-spec';

/** A quoted literal, either quote; the first of `s`/`s1` that took part is the secret. */
const QUOTED = String.raw`(?:"(?<s>[^"\n]{1,200})"|'(?<s1>[^'\n]{1,200})')`;

/** `==`, `!=`, `===`, `!==` (C, Go, JavaScript, Apex, Objective-C). */
const EQUALITY = String.raw`[ \t]{0,3}[=!]==?[ \t]{0,3}`;

/**
 * What a suffix after a credential word says when the value is about the credential rather than it:
 * its name, id, location, kind, size, lifetime, policy or algorithm (`PASSWORD_MIN_LENGTH`,
 * `token_url`, `secret_name`, `password_hash_algo`). Such names keep their value readable.
 */
const ABOUT = String.raw`(?:names?|ids?|arn|refs?|path|file|dir|url|uri|endpoint|host|type|kind|version|ttl|length|len|min|max|count|limit|size|format|mode|field|header|param|env|var|hint|help|prompt|label|text|message|msg|policy|rules?|provider|region|store|backend|engine|manager|scopes?|expiry|expires|expiration|lifetime|timeout|age|days|hours|user|username|email|hash|hashed|hasher|algo|algorithm|encoder|cipher|rotation|reset|changed|required|enabled|disabled|strength|regex|pattern|template|placeholder|file|source|location|mount|secret_?name|key_?name|key_?id|id_?token|ref_?name)`;

/** One or two `_word` suffixes after the credential word, the first not one of ABOUT. */
const SUFFIX = String.raw`(?![_-]${ABOUT}(?![A-Za-z0-9]))(?:[_-][A-Za-z0-9]{1,16}){1,2}`;

/**
 * The comparison rules run only on text with an equality operator: far rarer in terminal output
 * than the credential words, so they cost almost nothing elsewhere (a rule's keywords are any-of).
 */
const COMPARISON = ['==', '!='];

/** A comparison's literal is the secret unless it is a placeholder, a reference or empty-ish. */
const comparedValue: SecretCheck = (value, next, before) => value.trim().length >= 4 && literalValue(value, next, before);

export const CODE_LITERAL_RULES: readonly RuleSpec[] = [
  // `if (api_key == "…")`, `if (db_pass !== '…')`: a credential compared with a literal is that credential.
  {
    id: 'secret-comparison',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_NAME}(?:${SUFFIX})?${EQUALITY}${QUOTED}`,
    caseInsensitive: true,
    keywords: COMPARISON,
    check: comparedValue,
  },
  // `if ("…" == password)`: the same, literal first (Yoda conditions). Starts at every quote, so each
  // literal is bounded (200) and the name after it too.
  {
    id: 'secret-comparison-reversed',
    kind: 'secret-assignment',
    pattern: String.raw`${QUOTED}${EQUALITY}(?:[A-Za-z_$][\w$.]{0,40}?)?${SECRET_WORD}(?:${SUFFIX})?(?![A-Za-z0-9_])`,
    caseInsensitive: true,
    keywords: COMPARISON,
    check: comparedValue,
  },
  // `password "…";` as a config directive or a declaration, alone on its line: the literal must
  // look like a password (a bare `token "main"` is not one).
  {
    id: 'secret-directive',
    kind: 'secret-assignment',
    pattern: String.raw`(?<![^\s;{(])(?:password|passwd|passphrase|secret|token|api[_-]?key)[ \t]{1,3}${QUOTED}[ \t]{0,3};?[ \t]*(?=\r?\n|$)`,
    caseInsensitive: true,
    keywords: ['passw', 'passphrase', 'secret', 'token', 'key'],
    check: proseSecret,
  },
  // `db_pass_secure := …`, `apikey_myservice: "…"`: a suffix after the credential word, so the
  // value must look like a password or a key, as in prose.
  {
    id: 'secret-suffixed-assignment',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_WORD}${SUFFIX}(?:${NAME_END}[ \t]{0,16}${OPERATOR}|["']?${COLON})[ \t]{0,3}${LINE_VALUE}`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: proseSecret,
  },
];
