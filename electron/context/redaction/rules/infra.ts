// SPDX-License-Identifier: MIT
// Infrastructure and developer platforms, all with a recognisable prefix so they are caught printed alone.
import { notDummy, randomLooking } from './checks';
import type { RuleSpec } from './rule-spec';
import { END } from './fragments';

export const INFRA_RULES: readonly RuleSpec[] = [
  { id: 'digitalocean-token', kind: 'digitalocean-token', pattern: String.raw`\bdo[opr]_v1_[a-f0-9]{64}\b` },
  {
    id: 'doppler-token',
    kind: 'doppler-token',
    pattern: String.raw`\bdp\.(?:pt|st|ct|sa|scim|audit)\.[A-Za-z0-9]{40,44}\b`,
    check: notDummy,
  },
  // Vault service/batch/recovery tokens (`hvs.` …), and legacy `s.` tokens next to the word vault.
  { id: 'vault-token', kind: 'vault-token', pattern: String.raw`\bhv[sbr]\.[A-Za-z0-9_-]{24,}`, check: notDummy },
  { id: 'vault-legacy-token', kind: 'vault-token', pattern: String.raw`\bs\.[A-Za-z0-9]{24}\b`, keywords: ['vault'], check: randomLooking },
  {
    id: 'terraform-cloud-token',
    kind: 'terraform-token',
    pattern: String.raw`\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}${END}`,
    keywords: ['atlasv1'],
    check: notDummy,
  },
  { id: 'age-secret-key', kind: 'age-secret-key', pattern: String.raw`\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b` },
  { id: 'databricks-token', kind: 'databricks-token', pattern: String.raw`\bdapi[a-fA-F0-9]{32}(?:-\d)?\b`, check: notDummy },
  // Grafana Cloud (`glc_`), service accounts (`glsa_`) and the older base64-JSON API keys (`eyJrIjoi…`).
  { id: 'grafana-cloud-token', kind: 'grafana-token', pattern: String.raw`\bglc_[A-Za-z0-9+/]{32,400}={0,3}`, check: notDummy },
  { id: 'grafana-service-account', kind: 'grafana-token', pattern: String.raw`\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b`, check: notDummy },
  { id: 'grafana-api-key', kind: 'grafana-token', pattern: String.raw`\beyJrIjoi[A-Za-z0-9]{70,400}={0,3}` },
  { id: 'pulumi-token', kind: 'pulumi-token', pattern: String.raw`\bpul-[a-f0-9]{40}\b` },
  { id: 'newrelic-key', kind: 'newrelic-key', pattern: String.raw`\bNR(?:AK|AA|JS|II|RA)-[A-Za-z0-9]{19,32}${END}`, check: notDummy },
  // Heroku v2 keys (`HRKU-AA…`); the older UUID keys only after the word heroku.
  { id: 'heroku-key', kind: 'heroku-key', pattern: String.raw`\bHRKU-[A-Za-z0-9_-]{58,62}${END}`, check: notDummy },
  {
    id: 'heroku-legacy-key',
    kind: 'heroku-key',
    pattern: String.raw`heroku[A-Za-z0-9_.-]{0,20}["']?[ \t]{0,5}(?:[:=]|:=|=>|[ \t])[ \t]{0,5}["']?(?<s>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b`,
    caseInsensitive: true,
    keywords: ['heroku'],
  },
  // Fly.io: `fo1_` OAuth tokens and `fm1a_`/`fm1r_`/`fm2_` macaroons (often `FlyV1 fm2_…,fm2_…`).
  {
    id: 'flyio-token',
    kind: 'flyio-token',
    pattern: String.raw`\b(?:fo1_[A-Za-z0-9_-]{43}|fm1[ar]_[A-Za-z0-9+/]{100,}={0,3}|fm2_[A-Za-z0-9+/]{100,}={0,3})`,
    check: notDummy,
  },
  { id: 'postman-key', kind: 'postman-key', pattern: String.raw`\bPMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}\b` },
  { id: 'linear-key', kind: 'linear-key', pattern: String.raw`\blin_(?:api|oauth)_[A-Za-z0-9]{40}${END}`, check: notDummy },
  { id: 'sentry-token', kind: 'sentry-token', pattern: String.raw`\bsntry[us]_[A-Za-z0-9+/=_]{60,}`, check: notDummy },
  { id: 'onepassword-token', kind: '1password-token', pattern: String.raw`\bops_eyJ[A-Za-z0-9+/]{250,}={0,3}`, check: notDummy },
  { id: 'atlassian-token', kind: 'atlassian-token', pattern: String.raw`\bATATT3[A-Za-z0-9_=-]{180,200}` },
  {
    id: 'notion-token',
    kind: 'notion-token',
    pattern: String.raw`\b(?:ntn_[0-9]{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})${END}`,
    check: notDummy,
  },
  { id: 'dynatrace-token', kind: 'dynatrace-token', pattern: String.raw`\bdt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b` },
];
