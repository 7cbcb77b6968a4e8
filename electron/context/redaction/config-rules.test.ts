// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { placeholder, Redactor } from './redactor';
import { isPlaceholder } from './rules/checks';

const redact = (text: string): string => new Redactor().redact(text).text;
const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** A PEM block's first line, base64 as kubeconfig and Secrets store it (enough for the rule to decode). */
const pemHead = (label: string): string => b64(`-----BEGIN ${label}-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n`);

describe('rules confined to a block (`within`)', () => {
  const secret = (data: string, kind = 'Secret'): string => `apiVersion: v1\ndata:\n${data}\nkind: ${kind}\nmetadata:\n  name: app`;

  it('redacts every base64 value under data: of a Kubernetes Secret, whatever its key', () => {
    const out = redact(secret(`  config: ${b64('endpoint=x\napikey=9f8e7d6c5b4a')}\n  username: ${b64('admin-user')}`));
    expect(out).toContain(`config: ${placeholder('k8s-secret')}`);
    expect(out).toContain(`username: ${placeholder('k8s-secret')}`);
  });

  it('leaves the same lines alone outside a Secret, and outside data:', () => {
    const configMap = secret(`  config: ${b64('endpoint=x\napikey=9f8e7d6c5b4a')}`, 'ConfigMap');
    expect(redact(configMap)).toBe(configMap);
    const labels = `kind: Secret\nmetadata:\n  annotations:\n    checksum: ${b64('not under data at all')}`;
    expect(redact(labels)).toBe(labels);
  });

  it('redacts random-looking cookie values in Cookie headers and curl -b, not settings', () => {
    const header = 'Cookie: lang=en; theme=dark; sid=Zk3q9LmX2vB7nR4tW8yP1cHs';
    expect(redact(header)).toBe(`Cookie: lang=en; theme=dark; sid=${placeholder('session-cookie')}`);
    expect(redact("curl -b 'session=Zk3q9LmX2vB7nR4tW8yP1cHs' https://x")).toContain(placeholder('session-cookie'));
    expect(redact('Set-Cookie: path=/; expires=Sat, 01 Jun 2024 12:00:00 GMT; HttpOnly')).toBe(
      'Set-Cookie: path=/; expires=Sat, 01 Jun 2024 12:00:00 GMT; HttpOnly',
    );
  });
});

describe('credentials where tools keep them', () => {
  it('decodes base64 PEM blocks: private keys go, certificates stay', () => {
    expect(redact(`    client-key-data: ${pemHead('PRIVATE KEY')}`)).toBe(`    client-key-data: ${placeholder('private-key')}`);
    const cert = `    client-certificate-data: ${pemHead('CERTIFICATE')}`;
    expect(redact(cert)).toBe(cert);
  });

  it('takes docker config.json auth only when it decodes to user:password', () => {
    expect(redact(`{"auths":{"ghcr.io":{"auth":"${b64('octocat:s3cr3t-Pa55')}"}}}`)).toContain(placeholder('docker-auth'));
    const notCredentials = `{"auth": "${b64('no colon in here')}"}`;
    expect(redact(notCredentials)).toBe(notCredentials);
  });

  it('finds XML elements and NuGet key/value pairs named like credentials', () => {
    expect(redact('<server><password>Tr0ub4dor&amp;3</password></server>')).toBe(
      `<server><password>${placeholder('secret-assignment')}</password></server>`,
    );
    expect(redact('<apiToken>\n    k3yV4lu3zZ9\n</apiToken>')).toContain(placeholder('secret-assignment'));
    expect(redact('<add key="ClearTextPassword" value="hunter2hunter" />')).toContain(placeholder('secret-assignment'));
    const reference = '<password>${env.NEXUS_PASSWORD}</password>';
    expect(redact(reference)).toBe(reference);
  });

  it('reads .pgpass lines, not MAC addresses or sequencer read ids', () => {
    expect(redact('db.internal:5432:orders:app:s3cr3tPW')).toBe(`db.internal:5432:orders:app:${placeholder('secret-assignment')}`);
    for (const line of ['00:11:22:33:44:55', '+HWI-ST565_0092:4:1101:5508:5860#ACTTGA/1']) expect(redact(line)).toBe(line);
  });

  it('redacts PowerShell ConvertTo-SecureString plain text, not a variable', () => {
    expect(redact('$pw = ConvertTo-SecureString "Winter2024!" -AsPlainText -Force')).toContain(placeholder('cli-password'));
    const fromEnv = '$pw = ConvertTo-SecureString $env:SVC_PASSWORD -AsPlainText -Force';
    expect(redact(fromEnv)).toBe(fromEnv);
  });

  it('redacts generated values under *_KEY and *Auth names, not identifiers', () => {
    expect(redact('export MY_APP_KEY=ak_live_9f8E7d6C5b4A3f2E1d0C')).toContain(placeholder('secret-assignment'));
    for (const line of [
      'PRIMARY_KEY=HvzEFKazdZKEr6zNrK50RG2Jl0r2tK',
      's3Key: uploads/2024/05/Zk3q9LmX2vB7nR4t.png',
      'MONGO_NO_AUTH=mongodb://localhost:27017/db',
    ]) {
      expect(redact(line)).toBe(line);
    }
  });

  it('takes a token used as the URL user, and not a password equal to the user name', () => {
    expect(redact('git+https://4f2c9e1a7b3d5f8e0a6c2b9d4e7f1a3c5b8d0e2f:x-oauth-basic@github.com/a/b')).toContain(
      placeholder('url-password'),
    );
    const defaults = 'postgres://postgres:postgres@localhost:5432/app';
    expect(redact(defaults)).toBe(defaults);
  });
});

describe('placeholder checks', () => {
  it('treats names, elided and masked values as placeholders', () => {
    for (const v of ['not_a_real_token', 'YOUR_API_KEY', 'ops_eyJzaWduSW5B..', '{SumoAccessKey}', 'xoxb-my-bot-token'])
      expect(isPlaceholder(v), v).toBe(true);
    for (const v of ['correct-horse-battery-staple', 'Tr0ub4dor&3', 'ak_live_9f8E7d6C5b4A']) expect(isPlaceholder(v), v).toBe(false);
  });
});
