// SPDX-License-Identifier: MIT

/**
 * One detector. The part replaced is the first named group `s…` that matched (`s`, `s1`, `s2`: one
 * per quoting style) so `PASSWORD=` stays readable and only the value goes; without one, the whole
 * match. Every repetition before the
 * secret itself is bounded: an unbounded prefix would make a 5 MB base64 line quadratic.
 */
export interface RedactionRule {
  readonly kind: string;
  readonly pattern: RegExp;
  /** Extra check on the captured secret; false keeps the text as it is. */
  readonly accept?: (secret: string) => boolean;
  /** A cheap pre-test: when it does not match, the rule cannot, and its costlier pattern is skipped. */
  readonly hint?: RegExp;
}

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

/** References and masks that only look like values: `$VAR`, `${{ secrets.X }}`, `<token>`, `****`. */
export const isPlaceholder = (value: string): boolean =>
  /^(?:\$|%[A-Za-z_]+%|<[^>]*>?$|\{\{|\*+$|x{3,}$|X{3,}$|\.{3,}|-+$|_+$|\[REDACTED)/.test(value) ||
  /^(?:null|none|nil|true|false|undefined|changeit-in-prod|example|redacted|hidden|secret|password|token)$/i.test(value);

/** Random-looking: enough entropy and both letters and digits, as generated credentials are. */
const randomLooking = (value: string): boolean =>
  !isPlaceholder(value) &&
  ((/[0-9]/.test(value) && /[A-Za-z]/.test(value) && shannonEntropy(value) >= 3.5) || (value.length >= 32 && shannonEntropy(value) >= 4.2));

/** A short human password in a `key: value` file needs a digit, a symbol or mixed case to be taken as one. */
const passwordLike = (value: string): boolean =>
  !isPlaceholder(value) && value.length >= 6 && (/[0-9]/.test(value) || /[^A-Za-z0-9]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)));

const notPlaceholder = (value: string): boolean => !isPlaceholder(value);

/** Variable names that hold credentials: `*_TOKEN`, `*_SECRET`, `PASSWORD`, `*_API_KEY`, … */
const SECRET_NAME =
  '[A-Za-z0-9_]{0,40}?(?:TOKEN|SECRET|SECRET_KEY|PASSWORD|PASSWD|PASSPHRASE|_PASS|_PWD|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CLIENT_?SECRET|CREDENTIALS?|AUTH_?KEY)';

/** A value in double quotes, single quotes, or bare up to a delimiter. */
const VALUE = `(?:"(?<s>[^"\\n]+)"|'(?<s1>[^'\\n]+)'|(?<s2>[^\\s"'\`;&|,}\\]]+))`;

const rule = (kind: string, source: string, flags = '', accept?: (s: string) => boolean, hint?: RegExp): RedactionRule => ({
  kind,
  pattern: new RegExp(source, `gd${flags}`),
  ...(accept ? { accept } : {}),
  ...(hint ? { hint } : {}),
});

/** The words every keyword-driven rule needs somewhere in the text. */
const KEYWORD_HINT = /token|secret|passw|passphrase|_pass|_pwd|api[_ -]?key|access[_ -]?key|private|credential|auth|signing|encryption|bearer/i;

/** Ordered: specific formats first, so a GitHub token inside `GITHUB_TOKEN=` is labelled as one. */
export const BUILTIN_RULES: readonly RedactionRule[] = [
  rule(
    'private-key',
    '-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----[\\s\\S]*?(?:-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----|(?=\\n[ \\t]*\\n)|$)',
  ),
  rule('anthropic-key', '\\bsk-ant-[A-Za-z0-9_-]{20,}'),
  rule('openai-key', '\\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}|\\bsk-[A-Za-z0-9]{32,}(?![A-Za-z0-9_-])'),
  rule('github-token', '\\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})'),
  rule('gitlab-token', '\\bgl(?:pat|ptt|dt|rt|cbt|imt|ft|soat|oas)-[A-Za-z0-9_-]{20,}'),
  rule('slack-token', '\\bxox[abposre]-[A-Za-z0-9-]{10,}'),
  rule('slack-webhook', 'https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}'),
  rule('stripe-key', '\\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}|\\bwhsec_[A-Za-z0-9+/]{24,}'),
  rule('aws-access-key-id', '\\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\\b'),
  rule('aws-secret-access-key', '(?:secret_?access_?key|aws_?secret)["\']?[ \\t]{0,5}[:=][ \\t]{0,5}["\']?(?<s>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])', 'i'),
  rule('aws-session-token', '(?:session_?token|security_?token)["\']?[ \\t]{0,5}[:=][ \\t]{0,5}["\']?(?<s>[A-Za-z0-9/+=]{100,})', 'i'),
  rule('gcp-api-key', '\\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])'),
  rule('gcp-oauth-token', '\\bya29\\.[0-9A-Za-z_-]{20,}'),
  rule('azure-storage-key', '(?:AccountKey|SharedAccessKey)=(?<s>[A-Za-z0-9+/]{40,}={0,2})'),
  rule('azure-sas-signature', '[?&]sig=(?<s>[A-Za-z0-9%+/]{30,}={0,2})'),
  rule('azure-client-secret', '(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])'),
  rule('jwt', '\\beyJ[A-Za-z0-9_-]{8,}\\.eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*'),
  rule('npm-token', '\\bnpm_[A-Za-z0-9]{36}(?![A-Za-z0-9])'),
  rule('huggingface-token', '\\bhf_[A-Za-z]{34}(?![A-Za-z0-9])'),
  rule('sendgrid-key', '\\bSG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}'),
  rule('url-password', '\\b[a-zA-Z][a-zA-Z0-9+.-]{0,20}://[^\\s:/@\'"[\\]]{0,100}:(?<s>[^\\s@/\'"[\\]]{1,200})(?=@)', '', notPlaceholder, /:\/\/[^\s]*@/),
  rule('auth-header', '\\b(?:authorization|proxy-authorization)["\']?[ \\t]{0,5}[:=][ \\t]{0,5}["\']?(?:bearer|basic|token|digest)\\s+(?<s>[A-Za-z0-9._~+/=-]{8,})', 'i', notPlaceholder),
  rule('api-key-header', '\\bx-(?:api|auth)-(?:key|token)["\']?[ \\t]{0,5}:[ \\t]{0,5}["\']?(?<s>[A-Za-z0-9._~+/=-]{8,})', 'i', notPlaceholder),
  rule('cli-password', '(?:--(?:password|passwd|token|api-key|apikey|secret|client-secret|auth-token|access-token))(?:=|[ \\t]{1,5})["\']?(?<s>[^\\s"\']+)', 'i', notPlaceholder),
  rule('cli-password', '\\b(?:mysql|mysqldump|mysqladmin|mariadb)\\b[^\\n]{0,200}?\\s-p(?<s>[^\\s"\']+)', '', notPlaceholder),
  rule('cli-password', '\\bsshpass[ \\t]{1,5}-p[ \\t]{0,5}["\']?(?<s>[^\\s"\']+)', '', notPlaceholder),
  rule('cli-password', '\\bcurl\\b[^\\n]{0,300}?\\s(?:-u|--user)[ \\t]{1,5}["\']?[^\\s:"\']{1,100}:(?<s>[^\\s"\']+)', '', notPlaceholder),
  // `NAME=value` (shell, .env, ini): an explicit assignment to a credential name is a secret whatever it looks like.
  rule('secret-assignment', `(?<![A-Za-z0-9_])${SECRET_NAME}[ \\t]{0,3}=[ \\t]{0,3}${VALUE}`, 'i', notPlaceholder, KEYWORD_HINT),
  // `name: value` (YAML, JSON, logs): the same names, but `passwd: files` in nsswitch.conf is not a password.
  rule('secret-assignment', `(?<![A-Za-z0-9_])${SECRET_NAME}["']?[ \\t]{0,3}:[ \\t]{0,3}${VALUE}`, 'i', passwordLike, KEYWORD_HINT),
  // gitleaks-style: a secret-ish keyword, an operator, and a random-looking value.
  rule(
    'high-entropy-secret',
    '(?:secret|token|api[_ -]?key|apikey|access[_ -]?key|private[_ -]?key|client[_ -]?secret|signing[_ -]?key|encryption[_ -]?key|credential|passw(?:or)?d|bearer)[A-Za-z0-9_.-]{0,30}["\']?[ \\t]{0,5}(?:[:=]|:=|=>|\\s)[ \\t]{0,5}["\']?(?<s>[A-Za-z0-9/+_=.~-]{16,})',
    'i',
    randomLooking,
    KEYWORD_HINT,
  ),
];
