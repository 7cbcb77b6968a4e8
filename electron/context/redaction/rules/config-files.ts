// SPDX-License-Identifier: MIT
// Credentials in the files and outputs of everyday tools, found by where the tool puts them.
import { literalValue, notPlaceholder, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';

/** Element and key names that hold a credential in XML configs (Maven settings.xml, NuGet.Config, .NET). */
const XML_NAME = String.raw`[\w.-]{0,40}?(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|credentials?|client[_-]?secret|auth[_-]?key)`;

/**
 * A JSON string's content, escapes included, up to its closing quote (not required: requiring it
 * would rescan an unclosed string from every earlier start). The alternatives never overlap.
 */
const JSON_STRING = String.raw`(?:[^"\\\n]|\\.)+`;

const decoded = (base64: string): string | null => {
  try {
    return atob(base64.length % 4 === 0 ? base64 : base64.slice(0, base64.length - (base64.length % 4)));
  } catch {
    return null;
  }
};

/** Base64 as Kubernetes stores Secret data: padded to a multiple of four, and decodable. */
const base64Value: SecretCheck = (value) => value.length % 4 === 0 && decoded(value) !== null;

const atLeast4: SecretCheck = (value, next, before) => value.length >= 4 && literalValue(value, next, before);

export const CONFIG_FILE_RULES: readonly RuleSpec[] = [
  // kubeconfig `client-key-data`, a Secret's `tls.key`: a PEM private key, base64 again. Certificates (`…-data` too) decode to CERTIFICATE.
  {
    id: 'base64-private-key',
    kind: 'private-key',
    pattern: String.raw`\bLS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}`,
    keywords: ['ls0tls1crudjti'],
    check: (value) => /PRIVATE KEY/.test(decoded(value.slice(0, 80)) ?? ''),
  },
  // docker config.json: `"auth": base64(user:password)`.
  {
    id: 'docker-config-auth',
    kind: 'docker-auth',
    pattern: String.raw`"auth"[ \t]{0,3}:[ \t]{0,3}"(?<s>[A-Za-z0-9+/]{8,}={0,2})"`,
    keywords: ['"auth"'],
    check: (value) => /^[^:\n]{0,200}:[^\n]{1,}$/.test(decoded(value) ?? ''),
  },
  // A whole docker config.json, base64 (`.dockerconfigjson`, `{"auths":…`), as Secrets and `kubectl get … -o jsonpath` print it.
  {
    id: 'docker-config-base64',
    kind: 'docker-auth',
    pattern: String.raw`\b(?:eyJhdXRocyI6|ewogICJhdXRocyI6|ewoJImF1dGhzIjo)[A-Za-z0-9+/]{16,}={0,2}`,
    keywords: ['eyjhdxrocyi6', 'ewogicjhdxrocyi6', 'ewojimf1dghzijo'],
  },
  // `kind: Secret` manifests (`kubectl get secret -o yaml`): every base64 value under `data:` is secret, whatever its key.
  {
    id: 'k8s-secret-data-yaml',
    kind: 'k8s-secret',
    within: String.raw`^[ \t]{0,8}data:[ \t]*\r?\n(?:[ \t][^\n]*(?:\r?\n|$))+`,
    pattern: String.raw`^[ \t]{1,16}[\w.-]{1,253}:[ \t]{0,5}(?:[|>][-+]?[ \t]*\r?\n[ \t]{1,32})?["']?(?<s>[A-Za-z0-9+/]{12,}={0,2})["']?[ \t]*\r?$`,
    multiline: true,
    keywords: ['kind: secret', "kind: 'secret'", 'kind: "secret"'],
    check: base64Value,
  },
  {
    id: 'k8s-secret-data-json',
    kind: 'k8s-secret',
    within: String.raw`"data"[ \t]{0,3}:[ \t]{0,3}\{[^{}]*\}`,
    pattern: String.raw`"[\w.-]{1,253}"[ \t]{0,3}:[ \t]{0,3}"(?<s>[A-Za-z0-9+/]{12,}={0,2})"`,
    keywords: ['"kind": "secret"'],
    check: base64Value,
  },
  // `kubectl get secret … | base64 -d` (the documented way to read one): the line it prints.
  {
    id: 'decoded-secret-output',
    kind: 'k8s-secret',
    pattern: String.raw`\bsecrets?\b[^\n|]{0,300}\|[ \t]{0,3}base64[ \t]{1,3}(?:-d|--decode|-D)\b[^\n]{0,100}\r?\n(?<s>[^\n]{1,1000})`,
    caseInsensitive: true,
    keywords: ['base64'],
    check: notPlaceholder,
  },
  // `<password>…</password>` (Maven settings.xml), `<apiToken>\n  …\n</apiToken>`.
  {
    id: 'xml-element',
    kind: 'secret-assignment',
    pattern: String.raw`<(?:[\w.-]{1,40}:)?${XML_NAME}>[ \t]{0,40}(?:\r?\n[ \t]{0,40})?(?<s>[^<\s][^<\n]{0,300}?)[ \t]{0,40}(?:\r?\n[ \t]{0,40})?</`,
    caseInsensitive: true,
    keywords: ['password>', 'passwd>', 'passphrase>', 'secret>', 'token>', 'key>', 'credential>', 'credentials>'],
    check: atLeast4,
  },
  // Maven's settings-security.xml: the master password, encrypted as `{…}` (its key is the user's, so it decrypts).
  {
    id: 'maven-master-password',
    kind: 'secret-assignment',
    pattern: String.raw`<master>[ \t]{0,40}(?<s>\{[A-Za-z0-9+/=\\]{16,300}\})[ \t]{0,40}</master>`,
    keywords: ['<master>'],
  },
  // NuGet.Config and .NET appSettings: `<add key="ClearTextPassword" value="…" />`.
  {
    id: 'xml-key-value',
    kind: 'secret-assignment',
    pattern: String.raw`<add[ \t]{1,5}key=["']${XML_NAME}["'][ \t]{1,5}value=(?:"(?<s>[^"\n]+)|'(?<s1>[^'\n]+))`,
    caseInsensitive: true,
    keywords: ['<add'],
    check: atLeast4,
  },
  // PowerShell: `ConvertTo-SecureString "…" -AsPlainText`, the plain text being the password.
  {
    id: 'powershell-securestring',
    kind: 'cli-password',
    pattern: String.raw`\bConvertTo-SecureString[ \t]{1,5}(?:-String[ \t]{1,5})?(?:"(?<s>[^"\n]+)"|'(?<s1>[^'\n]+)')`,
    caseInsensitive: true,
    keywords: ['convertto-securestring'],
    check: notPlaceholder,
  },
  // ~/.pgpass: `host:port:database:user:password`, a whole line; database and user are names (or `*`),
  // which sets it apart from MAC and IPv6 addresses and sequencer read ids (`HWI-ST565:4:1101:5508:5860#…`).
  {
    id: 'pgpass',
    kind: 'secret-assignment',
    pattern: String.raw`^[^\s:#]{1,253}:(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:(?<s>\S{1,200})$`,
    multiline: true,
    check: (value, _next, before = '') =>
      notPlaceholder(value) &&
      before
        .split(':')
        .slice(2, 4)
        .every((f) => f === '*' || /[A-Za-z_]/.test(f)),
  },
  // Bundler's per-host credentials: `BUNDLE_GEMS__EXAMPLE__COM=user:password`.
  {
    id: 'bundler-credentials',
    kind: 'secret-assignment',
    pattern: String.raw`\bBUNDLE_[A-Z0-9_]{1,100}__[A-Z0-9]{2,20}["']?[ \t]{0,3}[=:][ \t]{0,3}["']?[^\s:"']{1,100}:(?<s>[^\s"';&]+)`,
    keywords: ['bundle_'],
    check: notPlaceholder,
  },
  // `terraform output -json`: a sensitive output prints as { "sensitive": true, "type": …, "value": … }.
  {
    id: 'terraform-sensitive-output',
    kind: 'secret-assignment',
    pattern: String.raw`"sensitive"[ \t]{0,3}:[ \t]{0,3}true,\s{0,40}"type"[ \t]{0,3}:[ \t]{0,3}"string",\s{0,40}"value"[ \t]{0,3}:[ \t]{0,3}"(?<s>${JSON_STRING})`,
    keywords: ['"sensitive": true'],
    check: notPlaceholder,
  },
  // AWS Secrets Manager `get-secret-value` and SSM `get-parameter --with-decryption` (a SecureString's Value).
  {
    id: 'aws-secret-string',
    kind: 'aws-secret',
    pattern: String.raw`"SecretString"[ \t]{0,3}:[ \t]{0,3}"(?<s>${JSON_STRING})"|"Type"[ \t]{0,3}:[ \t]{0,3}"SecureString",\s{0,40}"Value"[ \t]{0,3}:[ \t]{0,3}"(?<s1>${JSON_STRING})`,
    keywords: ['secretstring', 'securestring'],
  },
  // `az storage account keys list`: { "creationTime", "keyName", "permissions", "value" }.
  {
    id: 'azure-storage-keys-list',
    kind: 'azure-storage-key',
    pattern: String.raw`"keyName"[^{}]{0,300}?"value"[ \t]{0,3}:[ \t]{0,3}"(?<s>[A-Za-z0-9+/]{40,}={0,2})"`,
    keywords: ['"keyname"'],
  },
  // Vault's `Key  Value` tables (`vault login`, `vault kv get`): the rows named like credentials.
  {
    id: 'vault-table',
    kind: 'secret-assignment',
    within: String.raw`^Key[ \t]{2,}Value[ \t]*\r?\n-{3}[ \t]{2,}-{5}[ \t]*(?:\r?\n[^\n]+)+`,
    pattern: String.raw`^[\w.-]{0,40}?(?:password|passwd|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?)[ \t]{2,}(?<s>\S{1,1000})[ \t]*\r?$`,
    caseInsensitive: true,
    multiline: true,
    keywords: ['key'],
    check: literalValue,
  },
];
