// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { grouped } from '../domain/grouped';

/**
 * Plain-language messages for the settings page (shown next to the field, one per field): a
 * number field says what it expects in every failure case, never the schema's wording.
 */
export const wholeNumber = (
  min: number,
  max: number,
  unit: string,
  messages: { expected?: string; tooSmall?: string; tooBig?: string } = {},
) => {
  const expected = messages.expected ?? `enter a whole number of ${unit} from ${grouped(min)} to ${grouped(max)}`;
  return z
    .number({ error: expected })
    .int({ error: expected })
    .min(min, { error: messages.tooSmall ?? expected })
    .max(max, { error: messages.tooBig ?? expected });
};

/** A share or weight between two bounds, with one message that gives an example. */
export const share = (min: number, max: number, example: string) => {
  const expected = `enter a number from ${min} to ${max} (${example})`;
  return z.number({ error: expected }).min(min, { error: expected }).max(max, { error: expected });
};

/**
 * A NUL byte ends a C string: the kernel would get a shorter path, argument or variable than the
 * one shown and checked (node-pty passed `/tmp\0/x` on as `/tmp`), so text headed for exec is
 * refused with it.
 */
export const hasNul = (text: string): boolean => text.includes('\u0000');

export const unique = <T>(items: readonly T[], key: (item: T) => string): boolean => new Set(items.map(key)).size === items.length;

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
