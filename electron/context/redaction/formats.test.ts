// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/**
 * Token formats added for the scanner samples' misses: JWTs without a JSON payload or signature,
 * Mailchimp keys, Maven's encrypted master password, Square's longer secrets, a Facebook app's
 * `id | secret`, a `"key"` field holding gibberish; each beside look-alikes that stay readable.
 */
const redactor = new Redactor();
const redact = (text: string): string => redactor.redact(text).text;

const b64url = (s: string): string => Buffer.from(s).toString('base64url');
const HEADER = b64url('{"alg":"HS256","typ":"JWT"}');
const PAYLOAD = b64url('{"sub":"1234567890","name":"Ada","iat":1516239022}');
const ENCRYPTED = 'KGMXt7sEYwzBpmZp42UHQpIxFjHUt8fHFwBj6WVGwzQhLxHh9e';

describe('token formats', () => {
  it.each([
    [`${HEADER}.${PAYLOAD}`, PAYLOAD],
    [`token=${HEADER}.${ENCRYPTED}`, ENCRYPTED],
    [`${HEADER}.${ENCRYPTED}.sig_${ENCRYPTED.slice(0, 20)}`, ENCRYPTED],
    ['MAILCHIMP=9f3a1c07d2b84e65a0c1f27e3d9b8a46-us21', '9f3a1c07d2b84e65a0c1f27e3d9b8a46'],
    ['<master>{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}</master>', 'jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u'],
    ['SQUARE_SECRET=sq0csp-Xk2M3N4k5p6q7-8s9t0v1w2x_3yKJ2M3N4k5p6q7-8s9t0v', 'Xk2M3N4k5p6q7-8s9t0v1w2x_3yKJ2M3N4k5p6q7'],
    ['EAAA3bckPLm8nKzXY9vB4QjR7wF2hGtN5sVdM6pJuE1iZxW+CqH-yA4gTf=aDl0U', 'EAAA3bckPLm8nKzXY9vB4QjR7wF2hGtN5sVdM6pJuE1iZxW'],
    ['FacebookAppKeys: 294790898041573 / ce3f9f0362bbe5ab01dfc8ee565e4371', 'ce3f9f0362bbe5ab01dfc8ee565e4371'],
    ['fb = 294790898041575 | 7a0c3e9f1d2b4c6e8a0b1c2d3e4f5a6b;', '7a0c3e9f1d2b4c6e8a0b1c2d3e4f5a6b'],
    ['  "key": "2Tm6cdsRVBTL9hRCmR6MRDTpMLFS4I",', '2Tm6cdsRVBTL9hRCmR6MRDTpMLFS4I'],
  ])('redacts the secret in %s', (text, secret) => expect(redact(text)).not.toContain(secret));

  it.each([
    `  "data": "eyJ${'a1B2c3D4'.repeat(5)}.json"`,
    `${b64url('{"name":"not a header"}')}.${ENCRYPTED}`,
    `md5 ${'4b8e'.repeat(8)}  backup-us1.tar.gz`,
    '<master>true</master>',
    'fb_app_id = 294790898041575',
    '  "key": "settings.profile.title",',
    '  "key": "someTranslationKey123",',
    `  "key": "${'9f86d081'.repeat(4)}",`,
    '  "key": "7c9e6679-7425-40de-944b-e07fc1f90ae7",',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));
});

describe('net use', () => {
  it('redacts a password holding a `*`, and leaves the `*` that asks for one', () => {
    expect(redact('C:\\> net use \\\\nas01\\backup hqEX1C0Xb*7ma /user:svc-backup')).not.toContain('7ma');
    expect(redact('net use Z: \\\\srv\\share /user:bob p4ss*word')).not.toContain('p4ss');
    expect(redact('C:\\> net use \\\\nas01\\backup * /user:svc-backup')).toBe('C:\\> net use \\\\nas01\\backup * /user:svc-backup');
  });
});
