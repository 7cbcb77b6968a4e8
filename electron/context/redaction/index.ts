// SPDX-License-Identifier: MIT
// The redaction engine's public API; callers import `./redaction` (this folder) and nothing deeper.
export { addCounts, DEFAULT_REDACTION_SETTINGS, placeholder, Redactor, totalRedactions, type Redacted } from './redactor';
export { compileUserPattern, RedactionPatternError } from './user-pattern';
export type { CompiledRule as RedactionRule } from './rules/rule-spec';
