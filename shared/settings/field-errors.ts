// SPDX-License-Identifier: MIT

/** One field's problem: its path as in `settings:set` (`models.0.contextLimit`) and a plain message. */
export interface FieldError {
  readonly path: string;
  readonly message: string;
}

/** One line per field, `path: message`, the format of the `invalid-payload` error message. */
export const fieldErrorsOf = (issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldError[] =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

export const formatFieldErrors = (errors: readonly FieldError[]): string =>
  errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('\n');

/** One message per field: a value can break two rules (-1.5 is neither whole nor positive). */
export const firstPerField = (errors: readonly FieldError[]): FieldError[] => {
  const seen = new Set<string>();
  return errors.filter((e) => !seen.has(e.path) && (seen.add(e.path), true));
};
