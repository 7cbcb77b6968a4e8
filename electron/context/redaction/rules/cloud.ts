// SPDX-License-Identifier: MIT
// AWS, Google Cloud and Azure credentials.
import { notDummy, notPlaceholder } from './checks';
import type { RuleSpec } from './rule-spec';
import { END, START } from './fragments';

export const CLOUD_RULES: readonly RuleSpec[] = [
  // Access key IDs: a fixed 4-letter type prefix and 16 upper-case letters or digits.
  // AWS documentation's dummies end in EXAMPLE (AKIAIOSFODNN7EXAMPLE).
  {
    id: 'aws-access-key-id',
    kind: 'aws-access-key-id',
    pattern: String.raw`\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b`,
    check: (s) => !s.endsWith('EXAMPLE') && !/X{4}/.test(s),
  },
  // Amazon Bedrock API keys: long-lived `ABSK…` (base64) and short-lived presigned `bedrock-api-key-…`.
  {
    id: 'aws-bedrock-long',
    kind: 'aws-bedrock-key',
    pattern: String.raw`\bABSK[A-Za-z0-9+/]{109,269}={0,2}`,
    keywords: ['absk'],
    check: notDummy,
  },
  {
    id: 'aws-bedrock-short',
    kind: 'aws-bedrock-key',
    pattern: String.raw`\bbedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%&_.-]{20,}`,
    keywords: ['bedrock-api-key-'],
  },
  // The secret key has no prefix: it is found by its name in credentials files, env dumps, JSON and `aws configure`.
  {
    id: 'aws-secret-access-key',
    kind: 'aws-secret-access-key',
    pattern: String.raw`(?:secret_?access_?key|aws_?secret(?:_?access)?(?:_?key)?)["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?<s>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`,
    caseInsensitive: true,
    keywords: ['secret'],
    check: notDummy,
  },
  {
    id: 'aws-configure-prompt',
    kind: 'aws-secret-access-key',
    pattern: String.raw`Secret Access Key(?: \[[^\]\n]{0,40}\])?:[ \t]{0,5}(?<s>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`,
    keywords: ['secret access key'],
  },
  {
    id: 'aws-session-token',
    kind: 'aws-session-token',
    pattern: String.raw`(?:session_?token|security_?token)["']?[ \t]{0,5}[:=][ \t]{0,5}["']?(?<s>[A-Za-z0-9/+=]{100,})`,
    caseInsensitive: true,
    keywords: ['session', 'security'],
  },
  // Google: API keys, OAuth access and refresh tokens, OAuth client secrets.
  { id: 'gcp-api-key', kind: 'gcp-api-key', pattern: String.raw`\bAIza[0-9A-Za-z_-]{35}${END}`, check: notDummy },
  { id: 'gcp-oauth-token', kind: 'gcp-oauth-token', pattern: String.raw`\bya29\.[0-9A-Za-z_-]{20,}`, check: notDummy },
  { id: 'gcp-refresh-token', kind: 'gcp-oauth-token', pattern: String.raw`${START}1//0[0-9A-Za-z_-]{40,}`, check: notDummy },
  { id: 'gcp-client-secret', kind: 'gcp-client-secret', pattern: String.raw`\bGOCSPX-[0-9A-Za-z_-]{28}${END}`, check: notDummy },
  // Azure: storage and Service Bus keys in connection strings, SAS signatures, Entra client secrets.
  {
    id: 'azure-storage-key',
    kind: 'azure-storage-key',
    pattern: String.raw`(?:AccountKey|SharedAccessKey)=(?<s>[A-Za-z0-9+/]{40,}={0,2})`,
    keywords: ['accesskey', 'accountkey'],
  },
  {
    id: 'azure-sas-signature',
    kind: 'azure-sas-signature',
    pattern: String.raw`[?&]sig=(?<s>[A-Za-z0-9%+/]{30,}={0,2})`,
    keywords: ['sig='],
  },
  {
    id: 'azure-client-secret',
    kind: 'azure-client-secret',
    // A `.` may end the secret when a sentence ends there (`The client secret is …Q~….`): a dot is
    // one of its characters, but not one followed by a blank or the end of the text.
    pattern: String.raw`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~-]|\.[A-Za-z0-9_~.-])`,
    keywords: ['q~'],
    check: notPlaceholder,
  },
];
