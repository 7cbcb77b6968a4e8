// SPDX-License-Identifier: MIT
import { compileSpec, type CompiledRule, type RuleSpec } from './rules/rule-spec';
import { AI_RULES } from './rules/ai';
import { ASSIGNMENT_RULES } from './rules/assignments';
import { CLOUD_RULES } from './rules/cloud';
import { CODE_HOST_RULES } from './rules/code-hosts';
import { CODE_LITERAL_RULES } from './rules/code-literals';
import { COMMAND_LINE_RULES } from './rules/command-line';
import { CONFIG_FILE_RULES } from './rules/config-files';
import { INFRA_RULES } from './rules/infra';
import { MESSAGING_RULES } from './rules/messaging';
import { PROMPT_RULES } from './rules/prompts';
import { PROSE_RULES } from './rules/prose';
import { PROVIDER_RULES } from './rules/providers';
import { KEY_BLOCK_RULES, STRUCTURED_RULES } from './rules/structured';

/**
 * In order: whole blocks first (a key block holds base64 that later rules would nibble at), then
 * provider formats (so a GitHub token inside `GITHUB_TOKEN=` is labelled as one), then headers,
 * URLs and the places tools keep credentials (config files, Secrets, cookies), command lines, then
 * the generic keyword rules, then password prompts (a YAML `password: x` line is an
 * assignment, labelled as one), and secrets given in sentences last (`Password is: x` is a prompt).
 */
export const BUILTIN_SPECS: readonly RuleSpec[] = [
  ...KEY_BLOCK_RULES,
  ...AI_RULES,
  ...CODE_HOST_RULES,
  ...MESSAGING_RULES,
  ...CLOUD_RULES,
  ...INFRA_RULES,
  ...PROVIDER_RULES,
  ...STRUCTURED_RULES,
  ...CONFIG_FILE_RULES,
  ...COMMAND_LINE_RULES,
  ...ASSIGNMENT_RULES,
  ...CODE_LITERAL_RULES,
  ...PROMPT_RULES,
  ...PROSE_RULES,
];

export const BUILTIN_RULES: readonly CompiledRule[] = BUILTIN_SPECS.map(compileSpec);
