// SPDX-License-Identifier: MIT
// Passwords on command lines: flags, tool-specific options, values piped into `sudo -S` and friends.
import { notPlaceholder, type SecretCheck } from './checks';
import type { RuleSpec } from './rule-spec';
import { ARG, CMD, VALUE } from './fragments';

/** A flag's value: not a placeholder, and not the next flag. */
const flagValue: SecretCheck = (value) => notPlaceholder(value) && !value.startsWith('-');

/** A `user:password` pair as curl, httpie and smbclient take it, quoted as a whole or in parts. */
const USER_PASS = String.raw`(?:"[^":\n]{0,100}:(?<s>[^"\n]+)|'[^':\n]{0,100}:(?<s1>[^'\n]+)|(?:'[^'\n]{1,100}'|"[^"\n]{1,100}"|[^\s:'"]{1,100})?:["']?(?<s2>[^\s"']+))`;

const rule = (id: string, pattern: string, keywords: readonly string[], extra: Partial<RuleSpec> = {}): RuleSpec => ({
  id,
  kind: 'cli-password',
  pattern,
  keywords,
  check: flagValue,
  ...extra,
});

export const COMMAND_LINE_RULES: readonly RuleSpec[] = [
  // `--password x`, `--db-password=x`, `--token x`, `--client-secret x`; not `--password-stdin` or `--token-file`.
  rule(
    'long-flag',
    String.raw`(?:^|[\s"'])--?(?!no-)[a-z0-9]{0,20}-?(?:password|passwd|pass|passphrase|token|api-?key|secret|client-secret|auth-token|access-token|storepass|keypass)(?![a-z-])${ARG}${VALUE}`,
    ['pass', 'token', 'key', 'secret'],
    { caseInsensitive: true },
  ),
  // `mysql -pSECRET` (attached: `-p SECRET` would make mysql prompt and take SECRET as the database).
  rule('mysql', String.raw`\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump)(?=[ \t])${CMD}[ \t]-p(?<s>[^\s"']+)`, [
    'mysql',
    'mariadb',
  ]),
  rule('sshpass', String.raw`\bsshpass[ \t]{1,5}-p[ \t]{0,5}${VALUE}`, ['sshpass']),
  rule('curl-user', String.raw`\b(?:curl|http|https)(?=[ \t])${CMD}[ \t](?:-u|--user|-a|--auth)${ARG}${USER_PASS}`, ['curl', 'http']),
  rule('redis-cli', String.raw`\bredis-cli(?=[ \t])${CMD}[ \t]-a${ARG}${VALUE}`, ['redis-cli']),
  rule(
    'registry-login',
    String.raw`\b(?:docker|podman|buildah|skopeo|nerdctl|helm|oras|crane|az|cf|regctl)\b(?:[ \t]{1,5}[a-z-]{1,12}){0,2}[ \t]{1,5}login\b${CMD}[ \t]-p${ARG}${VALUE}`,
    ['login'],
  ),
  // `htpasswd -b[c] file user password` / `htpasswd -nb user password`: the last argument.
  rule(
    'htpasswd',
    String.raw`\bhtpasswd(?:[ \t]{1,5}-[A-Za-z]{1,8}){0,3}?[ \t]{1,5}-[A-Za-z]{0,6}b[A-Za-z]{0,6}(?:[ \t]{1,5}-[A-Za-z]{1,8}){0,3}(?:[ \t]{1,5}[^\s<>|;&-][^\s<>|;&]{0,200}){1,2}[ \t]{1,5}${VALUE}`,
    ['htpasswd'],
  ),
  // A password piped into a program that reads it from standard input.
  rule(
    'piped-password',
    String.raw`\b(?:echo|printf)[ \t]{1,5}(?:-[neE]{1,3}[ \t]{1,5}|'%s(?:\\n)?'[ \t]{1,5}|"%s(?:\\n)?"[ \t]{1,5})?(?:"(?<s>[^"\n]+)"|'(?<s1>[^'\n]+)'|(?<s2>[^\s"'|;&]+))[ \t]{0,5}\|[ \t]{0,5}(?:sudo\b[^\n|]{0,100}?[ \t]-S\b|[a-z]{1,10}\b[^\n|]{0,150}?--password-stdin\b|passwd\b[^\n|]{0,60}?--stdin\b|chpasswd\b|openssl\b[^\n|]{0,150}?-pass(?:in)?[ \t]{1,5}stdin\b)`,
    ['sudo', 'stdin', 'chpasswd'],
  ),
  // openssl's `-passout pass:x`, `-passin pass:x` (keytool's `-storepass x` is a long flag above).
  rule('openssl-pass', String.raw`(?:^|[ \t])-(?:passin|passout|pass|password|k)[ \t]{1,5}pass:${VALUE}`, ['pass:']),
  // Windows `net use \\srv\share password /user:x` and `net use … /user:x password`; a lone `*` asks for
  // the password (so does a leading one), but a password may hold one.
  rule(
    'net-use-after-user',
    String.raw`\bnet[ \t]{1,5}use\b[^\n]{0,200}?[ \t]/u(?:ser)?:[^\s]{1,100}[ \t]{1,5}(?<s>[^\s/*"][^\s/"]{0,199})`,
    ['net use'],
    { caseInsensitive: true },
  ),
  rule(
    'net-use-before-user',
    String.raw`\bnet[ \t]{1,5}use(?:[ \t]{1,5}[A-Za-z*]:)?[ \t]{1,5}\\\\[^\s]{1,200}[ \t]{1,5}(?<s>[^\s/*"][^\s/"]{0,199})[ \t]{1,5}/u(?:ser)?:`,
    ['net use'],
    { caseInsensitive: true },
  ),
  rule('sqlcmd', String.raw`\b(?:sqlcmd|bcp|osql)(?=[ \t])${CMD}[ \t]-P${ARG}${VALUE}`, ['sqlcmd', 'bcp', 'osql']),
  rule('ldap', String.raw`\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)(?=[ \t])${CMD}[ \t]-w${ARG}${VALUE}`, ['ldap']),
  rule(
    'smbclient',
    String.raw`\b(?:smbclient|rpcclient|smbmap|crackmapexec|nxc)(?=[ \t])${CMD}[ \t](?:-U|--user)${ARG}["']?[^\s%'"]{1,100}%(?<s>[^\s'"]+)`,
    ['%'],
  ),
  rule('rdp', String.raw`\b(?:xfreerdp|wlfreerdp|sdl-freerdp)(?=[ \t])${CMD}[ \t]/p:${VALUE}`, ['freerdp']),
  rule('sqlplus', String.raw`\bsqlplus[ \t]{1,5}(?:-[sSlL][ \t]{1,5}){0,2}[^\s/@'"]{1,60}/(?<s>[^\s@'"]{1,200})`, ['sqlplus']),
];
