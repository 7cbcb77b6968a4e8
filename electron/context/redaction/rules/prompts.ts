// SPDX-License-Identifier: MIT
// Passwords echoed after a prompt: `Password for user app: …`, `[sudo] password for ada: …`, `Enter PEM pass phrase: …`.
import { typedPassword } from './checks';
import type { RuleSpec } from './rule-spec';

/**
 * A prompt starts its line (perhaps after `[sudo]`, `Enter`, `New`, `Retype`, …), names a
 * password, and ends with a colon; the answer is the single token after it on the same line.
 * Prose (`Password reset instructions: see the docs`) has more than one word after the colon, and
 * indented `password: x` is YAML, left to the assignment rules (which run first). No `=` or `"` before
 * the colon, and no `=` after it: `password = ",.:x"` and `password :=x` are code, not prompts.
 */
const PROMPT_START = String.raw`^(?:\[sudo\][ \t]{1,3})?(?:(?:enter|re-?enter|retype|repeat|confirm|verify|verifying|new|old|current|the|your|admin|root|vault|keystore|key|import|export|pem|private[ \t]key)[ \t:-]{1,3}){0,4}`;
const PROMPT_WORD = String.raw`(?:password|passphrase|pass[ \t]phrase|passcode|pin|token)`;

export const PROMPT_RULES: readonly RuleSpec[] = [
  {
    id: 'password-prompt',
    kind: 'password-prompt',
    pattern: String.raw`${PROMPT_START}${PROMPT_WORD}\b(?:[^\n:'="]|'[^'\n]{0,120}'){0,80}:(?!=)[ \t]{0,5}(?<s>[^\s]{1,200})[ \t]*$`,
    caseInsensitive: true,
    multiline: true,
    keywords: ['pass', 'pin', 'token'],
    check: typedPassword,
  },
];
