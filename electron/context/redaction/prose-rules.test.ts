// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/**
 * Issue 38's misses: Okta's `Authorization: SSWS <token>`, an Azure client secret ending a
 * sentence, and secrets given in prose ("the password is …", "token for X is …"). Each shape has
 * look-alikes beside it, because prose about credentials is ordinary terminal output (CLI help,
 * error messages, chat with the assistant) and must stay readable.
 */
const redactor = new Redactor();
const redact = (text: string): string => redactor.redact(text).text;

// Split so the source itself is not a secret-scanner hit.
const OKTA = ['00QCjAl4MlV-WPXM8Q7tK', 'pV_UuQe7N0J9x2kQHcyTr'].join('');
const AZURE = ['Xk2', '8Q~', 'a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwX'].join('');

describe('Okta SSWS', () => {
  it.each([
    `curl -H "Authorization: SSWS ${OKTA}" https://dev-123.okta.com/api/v1/users`,
    `Authorization: SSWS ${OKTA}`,
    `authorization: ssws ${OKTA}`,
    `  -H 'Authorization: SSWS ${OKTA}' \\`,
    `{"headers": {"Authorization": "SSWS ${OKTA}"}}`,
  ])('redacts the token in %s', (text) => {
    const out = redact(text);
    expect(out).not.toContain(OKTA);
    expect(out).toContain('[REDACTED:auth-header]');
  });

  it.each(['Authorization: SSWS ${OKTA_API_TOKEN}', 'Authorization: SSWS {{apiKey}}', 'Authorization: SSWS <your-api-token>'])(
    'leaves the reference in %s alone',
    (text) => expect(redact(text)).toBe(text),
  );
});

describe('Azure client secrets', () => {
  it.each([
    `The client secret is ${AZURE}.`,
    `Use ${AZURE}. It expires in 180 days.`,
    `secret value: ${AZURE}`,
    `"secretText": "${AZURE}",`,
    `AZURE_CLIENT_SECRET=${AZURE}`,
  ])('redacts the secret in %s', (text) => expect(redact(text)).not.toContain(AZURE));

  it.each([
    'Version 1.2.3Q~4 released',
    'ls ~/.config/az8Q~backup/profile.json',
    'The client secret is stored in Key Vault as app-client-secret.',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));
});

describe('secrets given in prose', () => {
  it.each([
    ['the password is hunter2-Blue-Sky', 'hunter2-Blue-Sky'],
    ['The password for the staging db is hunter2-Blue-Sky.', 'hunter2-Blue-Sky'],
    ['fyi the admin password is now Winter2024!', 'Winter2024!'],
    ['token for prod API is 7c9e6679742540de944be07fc1f90ae7', '7c9e6679742540de944be07fc1f90ae7'],
    ['The API key for Mailgun is a8f3k29dk3j2k1m4n5b6v7c8x9z0', 'a8f3k29dk3j2k1m4n5b6v7c8x9z0'],
    ['client secret: q8R~kd92.Lm3-pZ7', 'q8R~kd92.Lm3-pZ7'],
    ["root's password was set to 'Tr0ub4dor&3'", 'Tr0ub4dor&3'],
    ['# the wifi passphrase is c0rrect-h0rse-battery', 'c0rrect-h0rse-battery'],
    ['new secret for the webhook is "whk_4f9a8d7c6b5e"', 'whk_4f9a8d7c6b5e'],
    ['log in as admin with password Tr0ub4dor&3', 'Tr0ub4dor&3'],
    ["then use the token 'k8Jd-29xL-Qp0z' for the API", 'k8Jd-29xL-Qp0z'],
    ['enter passphrase c0rrect-h0rse-battery when asked', 'c0rrect-h0rse-battery'],
  ])('redacts the secret in %s', (text, secret) => expect(redact(text)).not.toContain(secret));

  it.each([
    'The password is required.',
    'Your token has expired; run `gh auth login` to get a new token.',
    'The client secret is stored in Key Vault.',
    'Password is valid for 90 days',
    'the token for github.com is in ~/.config/gh/hosts.yml',
    'error: API key is not set (see OPENAI_API_KEY)',
    'The secret is mounted at /var/run/secrets/app',
    'hint: the password is the one from step 2',
    'The token is a JWT signed with RS256.',
    'Your password was changed on 2024-05-03.',
    'the secret for this repo is ${{ secrets.DEPLOY_KEY }}',
    'password is too short: minimum 12 characters',
    'The access token is https://example.com/docs/tokens',
    'Note: the token is case-sensitive.',
    'log in with password authentication disabled',
    'use the token from step 2',
    'Authenticate with token v1.2.3 of the API',
    'enter password twice to confirm',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));
});
