// SPDX-License-Identifier: MIT
// Secrets given in a sentence: "the password is hunter2-…", "token for prod API is …", "passphrase was set to '…'",
// "log in with password …".
import { literalValue, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';

/** The credential a sentence names, as a whole word (`db_password is` is code, left to the assignment rules). */
const NAME = String.raw`\b(?:password|passwd|passphrase|pass[ \t]phrase|passcode|secret|token|api[ \t_-]?key|access[ \t]key|secret[ \t]key|client[ \t]secret)s?`;

/** What it is for: `for the staging db`, `of prod`, `to the vault` (up to four words, each bounded). */
const QUALIFIER = String.raw`(?:[ \t]{1,3}(?:for|of|on|to)(?:[ \t]{1,3}[^\s]{1,60}){1,4}?)?`;

/** `is`, `was now`, `has been changed to`, `set to`: a verb that gives the value, never a bare blank. */
const VERB = String.raw`[ \t]{1,3}(?:(?:is|was|are|were|has[ \t]been|will[ \t]be)(?:[ \t]{1,3}(?:now|still|just))?(?:[ \t]{1,3}(?:set|changed|reset|updated)[ \t]to)?|(?:set|changed|reset|updated)[ \t]to):?[ \t]{1,3}`;

/**
 * The value: quoted (spaces allowed), or one bare word whose trailing sentence punctuation
 * (`.`, `,`, `;`, `:`, `)`) is not part of it; `!` and `?` are, since passwords end in them.
 */
const VALUE = String.raw`(?:"(?<s>[^"\n]{4,100})"|'(?<s1>[^'\n]{4,100})'|\x60(?<s3>[^\x60\n]{4,100})\x60|(?<s2>[^\s"'\x60]{3,199}[^\s"'\x60.,;:)])(?=[.,;:)]{0,3}(?:\s|$)))`;

/** Units, versions, dates and sizes read as values in prose (`90d`, `1.2.3`, `2024-05-03`, `4096`). */
const QUANTITY = /^(?:v?\d+(?:[.:/-]\d+)*[A-Za-z%]{0,5}|\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?)$/;

/** Technical words with a number in them, which prose about tokens and keys is full of (`RS256`, `base64-encoded`, `ed25519`). */
const TECH_WORD =
  /^(?:[A-Z]{2,6}-?\d{1,5}|(?:base|sha|md|utf|ipv|x|pkcs|ed|aes|rsa|rs|hs|es|ps|http|tls|ssl|oauth|sha3)-?\d{1,5}(?:[-.][a-z]+)*)$/i;

/**
 * A value that is a secret rather than a word of the sentence: it needs a letter and a digit (most
 * generated and human passwords have both), or mixed case and a symbol, or three symbols (`m{{h}o)p…`,
 * not `read-only` or `a/b.c`); and it is not a number,
 * a date, a version, a technical word, a path, a URL or a reference.
 */
export const proseSecret: SecretCheck = (value, next, before) => {
  if (!literalValue(value, next, before) || QUANTITY.test(value) || TECH_WORD.test(value)) return false;
  const letter = /[A-Za-z]/.test(value);
  const digit = /[0-9]/.test(value);
  const symbolMixed = /[a-z]/.test(value) && /[A-Z]/.test(value) && /[^A-Za-z0-9\s-]/.test(value);
  const symbols = value.match(/[^A-Za-z0-9\s._/-]/g)?.length ?? 0;
  return value.length >= 6 && ((letter && digit) || symbolMixed || (letter && symbols >= 3));
};

/** An instruction that hands the value over without a verb of being: `log in with password …`, `use the token …`, `enter passphrase …`. */
const HANDED = String.raw`\b(?:with|using|use|enter|type|try)[ \t]{1,3}(?:(?:the|your|my|this|that)[ \t]{1,3})?(?:new[ \t]{1,3})?(?:password|passphrase|passcode|token|secret|api[ \t]key)[ \t]{1,3}`;

export const PROSE_RULES: readonly RuleSpec[] = [
  {
    id: 'prose-secret',
    kind: 'prose-secret',
    pattern: String.raw`${NAME}${QUALIFIER}${VERB}${VALUE}`,
    caseInsensitive: true,
    keywords: ['passw', 'passphrase', 'pass phrase', 'passcode', 'secret', 'token', 'key'],
    check: proseSecret,
  },
  {
    id: 'prose-secret-handed',
    kind: 'prose-secret',
    pattern: String.raw`${HANDED}${VALUE}`,
    caseInsensitive: true,
    keywords: ['passw', 'passphrase', 'passcode', 'token', 'secret', 'api key'],
    check: proseSecret,
  },
];
