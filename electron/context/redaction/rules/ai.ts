// SPDX-License-Identifier: MIT
// Model providers: OpenAI, Anthropic, Hugging Face and a few others whose keys show up next to them.
import { notDummy } from './checks';
import type { RuleSpec } from './rule-spec';
import { END } from './fragments';

export const AI_RULES: readonly RuleSpec[] = [
  { id: 'anthropic-key', kind: 'anthropic-key', pattern: String.raw`\bsk-ant-[A-Za-z0-9_-]{20,}`, check: notDummy },
  // Project, service-account and admin keys, and the legacy `sk-` + 48 (which carries `T3BlbkFJ` in the middle).
  {
    id: 'openai-key',
    kind: 'openai-key',
    pattern: String.raw`\bsk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|\bsk-[A-Za-z0-9]{32,}${END}`,
    check: notDummy,
  },
  // User tokens `hf_…` and organisation tokens `api_org_…`: 34 letters.
  {
    id: 'huggingface-token',
    kind: 'huggingface-token',
    pattern: String.raw`\b(?:hf_|api_org_)[A-Za-z]{34}(?![A-Za-z0-9])`,
    check: notDummy,
  },
  { id: 'groq-key', kind: 'groq-key', pattern: String.raw`\bgsk_[A-Za-z0-9]{52}${END}`, check: notDummy },
  { id: 'xai-key', kind: 'xai-key', pattern: String.raw`\bxai-[A-Za-z0-9]{80}${END}`, check: notDummy },
  { id: 'perplexity-key', kind: 'perplexity-key', pattern: String.raw`\bpplx-[A-Za-z0-9]{48}${END}`, check: notDummy },
  { id: 'replicate-token', kind: 'replicate-token', pattern: String.raw`\br8_[A-Za-z0-9]{37}${END}`, check: notDummy },
];
