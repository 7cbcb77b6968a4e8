// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/**
 * A command that asks for a password holds none: `read -s -p "Password: " pw` names the prompt and
 * the variable the answer goes to. Redacting it as a secret assignment made the step's
 * `command_line` disagree with its `ran_instead` and hid what ran.
 */
describe('a line that asks for a secret', () => {
  const redactor = new Redactor();
  it.each([
    'read -s -p "Password: " pw',
    "read -rsp 'Password: ' PASSWORD",
    'read -s -p "Enter token: " token && echo',
    'IFS= read -r -s -p "passphrase: " passphrase',
    // As a tool result carries it, in JSON.
    JSON.stringify({ command_line: 'read -s -p "Password: " pw', ran_instead: 'read -s -p "Password: " pw' }),
  ])('keeps %s whole', (line) => {
    expect(redactor.redact(line).text).toBe(line);
  });
  it('still redacts a password given on the line', () => {
    expect(redactor.redact('mysql -u root --password="hunter2Secret!"').text).not.toContain('hunter2Secret!');
  });
});
