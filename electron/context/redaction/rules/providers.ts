// SPDX-License-Identifier: MIT
// More services whose tokens carry their own prefix, so they are caught printed alone (formats as in gitleaks' rules).
import { notDummy, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';

/**
 * A prefix-anchored token between word boundaries; the prefix is also the rule's keyword, so text
 * without it costs one `includes`. No lookaround: these patterns are valid RE2 as well.
 */
const token = (id: string, pattern: string, keywords: readonly string[], check: SecretCheck = notDummy): RuleSpec => ({
  id,
  kind: id,
  pattern: pattern.includes('(?<s>') ? pattern : String.raw`\b${pattern}\b`,
  keywords,
  check,
});

export const PROVIDER_RULES: readonly RuleSpec[] = [
  token('docker-token', String.raw`dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,}`, ['dckr_']),
  // Tailscale keys (tskey-auth-, -api-, -client-, …), also glued to a digit or `_` (`MY_tskey-…`).
  token('tailscale-key', String.raw`(?:^|[^A-Za-z])(?<s>tskey-[a-z]{3,10}-[A-Za-z0-9]{6,}-[A-Za-z0-9]{16,})`, ['tskey-']),
  // Cloudflare's prefixed API tokens and keys: 40 characters and an 8-character checksum.
  token('cloudflare-token', String.raw`cf(?:k|ut|at)_[A-Za-z0-9]{48}`, ['cfk_', 'cfut_', 'cfat_']),
  // Vercel personal, integration, app access/refresh tokens and AI Gateway keys.
  token('vercel-token', String.raw`vc[pikar]_[A-Za-z0-9]{24,}`, ['vcp_', 'vci_', 'vck_', 'vca_', 'vcr_']),
  token('figma-token', String.raw`figd_[A-Za-z0-9_-]{40,}`, ['figd_']),
  token('easypost-token', String.raw`EZ[AT]K[A-Za-z0-9]{54}`, ['ezak', 'eztk']),
  token('1password-secret-key', String.raw`A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}`, [
    'a3-',
  ]),
  token('facebook-token', String.raw`EAA[MC][A-Za-z0-9]{100,}`, ['eaa']),
  token('adobe-client-secret', String.raw`p8e-[A-Za-z0-9]{32}`, ['p8e-']),
  token('alibaba-key-id', String.raw`LTAI[A-Za-z0-9]{20}`, ['ltai']),
  token('clojars-token', String.raw`CLOJARS_[A-Za-z0-9]{60}`, ['clojars_']),
  token('planetscale-token', String.raw`pscale_(?:pw|tkn|oauth)_[\w=.-]{32,64}`, ['pscale_']),
  token('prefect-token', String.raw`pnu_[A-Za-z0-9]{36}`, ['pnu_']),
  token('readme-token', String.raw`rdme_[a-z0-9]{70}`, ['rdme_']),
  token('rubygems-token', String.raw`rubygems_[a-f0-9]{48}`, ['rubygems_']),
  token('scalingo-token', String.raw`tk-us-[\w-]{48}`, ['tk-us-']),
  token('shippo-token', String.raw`shippo_(?:live|test)_[A-Fa-f0-9]{40}`, ['shippo_']),
  token('airtable-token', String.raw`pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`, ['pat']),
  token('harness-token', String.raw`(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`, ['pat.', 'sat.']),
  token('artifactory-token', String.raw`(?:AKCp[A-Za-z0-9]{69}|cmVmd[A-Za-z0-9]{59})`, ['akcp', 'cmvmd']),
  token('duffel-token', String.raw`duffel_(?:test|live)_[A-Za-z0-9_=-]{43}`, ['duffel_']),
  token('frameio-token', String.raw`fio-u-[A-Za-z0-9_=-]{64}`, ['fio-u-']),
  // Mixed case, unlike a file's content hash after an `.ico-` (`favicon.ico-7a38….png`).
  token(
    'infracost-token',
    String.raw`ico-[A-Za-z0-9]{32}`,
    ['ico-'],
    (value, next) => /[A-Z]/.test(value.slice(4)) && notDummy(value, next),
  ),
  token('sourcegraph-token', String.raw`sgp_(?:[A-Fa-f0-9]{16}_|local_)?[A-Fa-f0-9]{40}`, ['sgp_']),
  token('settlemint-token', String.raw`sm_(?:pat|aat|sat)_[A-Za-z0-9]{16}`, ['sm_']),
  token('octopus-key', String.raw`API-[A-Z0-9]{26}`, ['api-']),
  token('flutterwave-key', String.raw`FLWSECK(?:_TEST)?-[A-Za-z0-9]{12,32}(?:-X)?`, ['flwseck']),
  token('intra42-secret', String.raw`s-s4t2(?:ud|af)-[a-f0-9]{64}`, ['s-s4t2']),
  // Facebook app access tokens: `<app id>|<app secret hash>`.
  token('facebook-token', String.raw`[0-9]{15,16}\|[A-Za-z0-9_-]{27}`, ['|']),
  // A Facebook app's id and secret together: `FacebookAppKeys: <id> / <secret>`, `fb = <id> | <secret>`.
  {
    id: 'facebook-app-secret',
    kind: 'facebook-token',
    pattern: String.raw`\b(?:facebook|fb)[\w.-]{0,24}["']?[ \t]{0,3}[:=][ \t]{0,3}["']?[0-9]{15,16}[ \t]{0,3}[|/:][ \t]{0,3}(?<s>[a-f0-9]{32})(?![A-Za-z0-9])`,
    caseInsensitive: true,
    keywords: ['facebook', 'fb'],
    check: notDummy,
  },
  // Twitter/X app bearer tokens: 22 `A`s (zero bytes, URL-safe base64), then the URL-encoded secret.
  {
    id: 'twitter-bearer-token',
    kind: 'twitter-token',
    pattern: String.raw`\bA{22}[A-Za-z0-9%]{80,}`,
    keywords: ['aaaaaaaaaaaaaaaaaaaaaa'],
  },
  token('cloudflare-origin-ca-key', String.raw`v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`, ['v1.0-']),
];
