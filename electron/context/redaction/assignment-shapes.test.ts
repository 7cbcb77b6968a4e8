// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/**
 * Shapes of `name = value` the held-out scanner samples showed the rules missing (names ending in
 * `_pw`/`-pwd`/`-key`, a colon glued to a long key, a bare value with brackets running to the end
 * of the line, comparisons with a literal, Objective-C's `@"…"`), and the look-alikes of each that
 * must stay readable: code that fetches a secret, templates, dummies, syntax after an empty value.
 */
const redactor = new Redactor();
const redact = (text: string): string => redactor.redact(text).text;

const KEY = 'f3Kd92hQ7pLx0Vb4Tn8Rm1Wc6Zs5Ya2E';

describe('credential names', () => {
  it.each([
    ['CLOUDANT_PW=Sup3r-Secret!', 'Sup3r-Secret!'],
    ['db-pw: "Sup3r-Secret!"', 'Sup3r-Secret!'],
    ['ibm-cloud-pwd = Sup3r-Secret!', 'Sup3r-Secret!'],
    [`license-key: ${KEY}`, KEY],
    [`ibm-cloud-key:${KEY}`, KEY],
    [`sl_api_key:${KEY}`, KEY],
    [`billing_key = "${'9c1e4b7a'.repeat(4)}"`, '9c1e4b7a'.repeat(4)],
  ])('redacts the value in %s', (text, secret) => expect(redact(text)).not.toContain(secret));

  it.each([
    'ssh-key: ~/.ssh/id_ed25519.pub',
    'primary-key: user_id',
    'com.example:api-key-client:1.4.2',
    'ANY_KEY = ZHVtbXkgdGV4dCBkYXRhIGRhdGEgZGF0YQ==',
    `cache-key: ${'ab12'.repeat(8)}`,
    'NO_PW=1',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));
});

describe('values', () => {
  it.each([
    ['db_pass: m{{h}o)p${e]nob(ody[find}},', 'm{{h}o)p${e]nob(ody[find}}'],
    ["secret: w1[x}(y)'", 'w1[x}(y)'],
    ['password = @"Tr0ub4dor&3";', 'Tr0ub4dor&3'],
  ])('takes the whole value in %s', (text, secret) => {
    const out = redact(text);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(secret.slice(4));
  });

  it.each([
    'password = getpass.getpass()',
    "token = request.headers.get('X-Token')",
    "secret = os.environ['APP_SECRET']",
    '  apiKey: process.env.OPENAI_API_KEY,',
    'password = , user = admin',
    'password :=,.:-@*?!',
    'password = ",.:-@*?!"',
    'secret = {hunter2}',
    'password: {db_pass2}',
    'secret = "asdfasdfasdfasdfasdfasdfasdfasdf"',
    'API_ORG_CREATE("https://qyapi.example.com/cgi-bin/department/create?access_token=ACCESS_TOKEN"),',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));

  it('ends a value at a link that follows it on the line, as before', () => {
    const badge = '[![codecov](https://codecov.io/gh/o/r/graph/badge.svg?token=bRzR3RyOXZ)](https://codecov.io/gh/o/r)';
    expect(redact(badge)).not.toContain('bRzR3RyOXZ');
    expect(redact('curl "https://x.example/api?token=Zx81kdQ02m&page=2"')).not.toContain('Zx81kdQ02m');
  });

  it('still redacts a filled-in template whose value looks generated', () => {
    expect(redact('curl --user "{svc-deploy}":"{ZqL5kVrX1n8tA2}" https://api.example.com')).not.toContain('ZqL5kVrX1n8tA2');
  });
});
