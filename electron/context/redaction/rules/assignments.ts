// SPDX-License-Identifier: MIT
// Generic rules, last: values assigned to credential-named variables, and random values after secret-ish words.
import { literalPassword, literalValue, randomLooking } from './checks';
import type { RuleSpec } from './rule-spec';
import { VALUE } from './fragments';

/**
 * Variable names that hold credentials: the name must END in the credential word, so
 * `DB_PASSWORD` and `apiToken` count but `credentialsId`, `LLM_SECRET_NAME` and `TOKEN_LIMIT` do not.
 */
const SECRET_NAME = String.raw`(?<![A-Za-z0-9_])[A-Za-z0-9_.-]{0,40}?(?:TOKEN|SECRET|SECRET_?KEY|PASSWORD|PASSWD|PASSPHRASE|_PASS|_PWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CLIENT_?SECRET|CREDENTIALS?|AUTH_?KEY|_authToken|_auth)`;

/** The words every keyword-driven rule needs somewhere in the text. */
const KEYWORDS = ['token', 'secret', 'passw', 'passphrase', '_pass', '_pwd', 'key', 'credential', '_auth'];

/** A credential word, then at most two innocuous suffixes (`_key`, `_value`, `_b64`, …), as in `secret_key_base`. */
const ENTROPY_NAME = String.raw`(?:secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key(?:[_.-]?id)?|client[_ -]?secret|signing[_ -]?key|encryption[_ -]?key|master[_ -]?key|session[_ -]?key|auth[_ -]?key|credential|passw(?:or)?d|bearer)s?(?:[_.-]?(?:key|value|base|b64|base64|hex|str|string|data|bytes)){0,2}`;

export const ASSIGNMENT_RULES: readonly RuleSpec[] = [
  // `NAME=value` (shell, .env, ini, env dumps): an explicit assignment to a credential name is a secret whatever it looks like.
  {
    id: 'secret-assignment-equals',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_NAME}["']?[ \t]{0,3}(?:=|:=|=>)[ \t]{0,3}${VALUE}`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: literalValue,
  },
  // `name: value` (YAML, JSON, logs): the same names, but `passwd: files` in nsswitch.conf is not a password.
  {
    id: 'secret-assignment-colon',
    kind: 'secret-assignment',
    pattern: String.raw`${SECRET_NAME}["']?[ \t]{0,3}:[ \t]{0,3}${VALUE}`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: literalPassword,
  },
  // gitleaks-style: a secret-ish word, an operator (or a space, as in prose), and a random-looking value.
  {
    id: 'high-entropy-secret',
    kind: 'high-entropy-secret',
    pattern: String.raw`${ENTROPY_NAME}["']?[ \t]{0,5}(?:[:=]|:=|=>|\s)[ \t]{0,5}["']?(?<s>[A-Za-z0-9/+_=.~-]{16,})`,
    caseInsensitive: true,
    keywords: KEYWORDS,
    check: randomLooking,
  },
];
