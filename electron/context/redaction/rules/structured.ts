// SPDX-License-Identifier: MIT
// Formats recognised by their structure: key blocks, JWTs, credentials in URLs and HTTP headers.
import { literalValue, notDummy, notPlaceholder, randomLooking, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';

/** A header value: bare, or quoted as in `-H 'Authorization: …'` and JSON. */
const HEADER_SEP = String.raw`["']?[ \t]{0,5}[:=][ \t]{0,5}["']?`;
const TOKEN_CHARS = String.raw`[A-Za-z0-9._~+/=:-]`;

/** Whole key blocks run first: their base64 body would otherwise be nibbled at by later rules. */
export const KEY_BLOCK_RULES: readonly RuleSpec[] = [
  // Up to the END line; a truncated block (`head id_rsa`) ends at a blank line or the end of the text.
  {
    id: 'private-key',
    kind: 'private-key',
    pattern: String.raw`-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----|(?=\n[ \t]*\n)|$)`,
    keywords: ['private key'],
    // A key has a base64 body; `-----BEGIN PRIVATE KEY-----\nanything\n-----END…` is a placeholder.
    check: (block) => /[A-Za-z0-9+/]{20}/.test(block),
  },
  {
    id: 'putty-private-key',
    kind: 'private-key',
    pattern: String.raw`Private-Lines: \d{1,3}\r?\n(?<s>(?:[A-Za-z0-9+/=]{1,80}\r?\n){1,60})`,
    keywords: ['private-lines'],
  },
];

/**
 * A URL password: not a placeholder, not the user name again (`postgres:postgres@` is a default), not
 * `abc`. A URL user: a token before `:x-oauth-basic` by definition, alone only if it looks generated.
 */
const urlCredential: SecretCheck = (value, next, before = '') => {
  if (before.endsWith('://')) return next === ':' ? notPlaceholder(value) : randomLooking(value);
  return notPlaceholder(value) && value.length >= 4 && !before.endsWith(`/${value}:`);
};

const decodeURIComponentSafe = (value: string): string => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * A JWT's header is base64url of a JSON object naming its algorithm (`{"alg":"HS256",…}`); that is
 * what tells a token whose payload is not `eyJ…` (encrypted, or cut off before the signature) from
 * any base64 that happens to start with `eyJ`.
 */
const jwtHeader: SecretCheck = (token) => {
  const head = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
  try {
    const json: unknown = JSON.parse(atob(head + '='.repeat((4 - (head.length % 4)) % 4)));
    return typeof json === 'object' && json !== null && ('alg' in json || 'typ' in json || 'enc' in json);
  } catch {
    return false;
  }
};

/** A cookie value that is a session or auth token rather than a setting (`lang=en`, `Path=/`, `expires=…`). */
const cookieValue: SecretCheck = (value) => value.length >= 16 && randomLooking(decodeURIComponentSafe(value));

export const STRUCTURED_RULES: readonly RuleSpec[] = [
  { id: 'jwt', kind: 'jwt', pattern: String.raw`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`, keywords: ['eyj'] },
  // Header and payload only (`alg: none`, or the signature cut off), or a payload that is not JSON
  // (encrypted): the header must decode to a JWT header.
  {
    id: 'jwt-other',
    kind: 'jwt',
    pattern: String.raw`\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*)?`,
    keywords: ['eyj'],
    check: jwtHeader,
  },
  // `scheme://user:password@host`: only the password goes. Or a token as the URL's user: `https://<token>@github.com`,
  // `https://<token>:x-oauth-basic@…`, Sentry DSNs (one rule: both start the same, and that start is costly to find).
  {
    id: 'url-password',
    kind: 'url-password',
    pattern: String.raw`\b[a-zA-Z][a-zA-Z0-9+.-]{0,20}://(?:(?<s>[A-Za-z0-9_-]{20,200})(?=(?::x-oauth-basic)?@)|[^\s:/@'"[\]]{0,100}:(?<s1>[^\s@/'"[\]]{1,200})(?=@))`,
    keywords: ['://'],
    check: urlCredential,
  },
  // Session cookies in `Cookie:` / `Set-Cookie:` headers and curl's `-b`: every random-looking value in the header.
  {
    id: 'session-cookie',
    kind: 'session-cookie',
    within: String.raw`(?:^|[\s"'])(?:set-)?cookie:[^\n]*|(?:^|[ \t])(?:-b|--cookie)[ \t=]{1,3}(?:"[^"\n]{1,1000}"|'[^'\n]{1,1000}'|[^\s]+)`,
    pattern: String.raw`(?:^|[\s;:'"])[\w.%-]{1,64}=(?<s>[^;\s"',]{16,1000})`,
    caseInsensitive: true,
    keywords: ['cookie', '-b '],
    check: cookieValue,
  },
  // OpenShift OAuth access tokens (`oc whoami -t`, `oc login --token`), printed bare or as `Authorization: sha256~…`.
  {
    id: 'openshift-token',
    kind: 'openshift-token',
    pattern: String.raw`\bsha256~[A-Za-z0-9_-]{43,}`,
    keywords: ['sha256~'],
    check: notDummy,
  },
  // Schemes include Okta's `SSWS` (its API tokens: `Authorization: SSWS 00…`).
  {
    id: 'auth-header',
    kind: 'auth-header',
    pattern: String.raw`\b(?:authorization|proxy-authorization)${HEADER_SEP}(?:bearer|basic|token|digest|apikey|api-key|sso-key|key|flyv1|splunk|otp|ntlm|negotiate|ssws)[ \t]{1,5}(?<s>${TOKEN_CHARS}{8,})`,
    caseInsensitive: true,
    keywords: ['authorization'],
    check: notPlaceholder,
  },
  // `Authorization: <token>` with no scheme (GitHub's API, many internal services): must look generated.
  {
    id: 'auth-header-bare',
    kind: 'auth-header',
    pattern: String.raw`\b(?:authorization|proxy-authorization)${HEADER_SEP}(?<s>${TOKEN_CHARS}{16,})`,
    caseInsensitive: true,
    keywords: ['authorization'],
    check: randomLooking,
  },
  {
    id: 'api-key-header',
    kind: 'api-key-header',
    pattern: String.raw`\b(?:x-[a-z-]{1,24}-(?:key|token|secret)|x-(?:api|auth|access)-?(?:key|token)|api-?key|private-token|ocp-apim-subscription-key)${HEADER_SEP}(?<s>${TOKEN_CHARS}{8,})`,
    caseInsensitive: true,
    keywords: ['key', 'token', 'secret'],
    check: literalValue,
  },
];
