// SPDX-License-Identifier: MIT
// Source hosts and package registries: GitHub, GitLab, npm, PyPI.
import { notDummy } from './checks';
import type { RuleSpec } from './rule-spec';
import { END } from './fragments';

export const CODE_HOST_RULES: readonly RuleSpec[] = [
  // Classic tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`), fine-grained PATs, and app installation tokens `ghs_<id>_<JWT>`.
  {
    id: 'github-token',
    kind: 'github-token',
    pattern: String.raw`\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255}|ghs_[0-9]{1,20}_eyJ[A-Za-z0-9_.-]{20,})`,
    check: notDummy,
  },
  // Every GitLab token type has a `gl…-` prefix; routable ones carry `.`-separated suffixes.
  {
    id: 'gitlab-token',
    kind: 'gitlab-token',
    pattern: String.raw`\bgl(?:pat|ptt|dt|rt|rtr|cbt|imt|ft|soat|oas|agent|ffct|wt)-[A-Za-z0-9_.-]{20,}`,
    check: notDummy,
  },
  // Runner registration tokens (deprecated, still printed by old runners).
  { id: 'gitlab-runner-registration', kind: 'gitlab-token', pattern: String.raw`\bGR1348941[A-Za-z0-9_-]{20,}`, check: notDummy },
  // The session cookie: 32 hex characters (gitleaks' samples use any lower-case alphanumerics; the name alone says what it is).
  { id: 'gitlab-session', kind: 'gitlab-token', pattern: String.raw`_gitlab_session=(?<s>[0-9a-z]{32})`, keywords: ['_gitlab_session'] },
  { id: 'npm-token', kind: 'npm-token', pattern: String.raw`\bnpm_[A-Za-z0-9]{36}(?![A-Za-z0-9])`, check: notDummy },
  // PyPI API tokens are macaroons: the prefix is the base64 of their fixed header (pypi.org or test.pypi.org).
  {
    id: 'pypi-token',
    kind: 'pypi-token',
    pattern: String.raw`\bpypi-(?:AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{40,}${END}`,
    keywords: ['pypi-'],
  },
];
