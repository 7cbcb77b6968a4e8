// SPDX-License-Identifier: MIT
// The redaction engine's public API; callers import `./redaction` (this folder) and nothing deeper.
export { addCounts, DEFAULT_REDACTION_SETTINGS, placeholder, Redactor, type Redacted } from './redactor';
export { compileUserPattern } from './user-pattern';
