// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

/** Credentials written into code as literals (rules/code-literals.ts), and code around credentials that is not one. */
const redactor = new Redactor();
const redact = (text: string): string => redactor.redact(text).text;

const PW = 'k9{Lm2)q]Vx!';

describe('credentials in code', () => {
  it.each([
    `if (api_key == "${PW}") {`,
    `if (db_pass !== '${PW}') return;`,
    `if (aws_secret_access_key === "${PW}")`,
    `if ("${PW}" == password) {`,
    `} else if ('${PW}' !== this.private_key) {`,
    `password "${PW}";`,
    `  secret '${PW}'`,
    `db_pass_secure := ${PW}`,
    `apikey_myservice: "${PW}"`,
    `my_password_secure = @"${PW}";`,
    `TOKEN_PROD="${PW}"`,
  ])('redacts the literal in %s', (text) => expect(redact(text)).not.toContain(PW));

  it.each([
    'if (password == "") {',
    'if (token === "null") return;',
    'if (password != confirmPassword) {',
    'if ("Bearer" == token_type) {',
    'if (secret == "${SECRET}")',
    'password "Password for the registry"',
    'grep -rn token "src/"',
    'PASSWORD_MIN_LENGTH=12',
    'TOKEN_EXPIRY=3600s',
    'token_url = "https://oauth2.example.com/token"',
    'secret_name: prod-db-credentials-2',
    'password_hash_algo = argon2id',
    'API_KEY_HEADER=X-Api-Key',
    'token_type: "Bearer"',
    'SECRET_ROTATION_DAYS=30',
  ])('leaves %s alone', (text) => expect(redact(text)).toBe(text));
});
