// SPDX-License-Identifier: MIT
import { parseArgs } from 'node:util';

export const WEB_USAGE = `Usage: npm run web -- [options]
  --port N           port on 127.0.0.1 (0 picks a free one; default 7681)
  --data-dir DIR     database and settings (default: the per-user data dir)
  --no-open          do not open a browser
  --token-file FILE  fix the access token: the first line of FILE (mode 0600 or stricter);
                     CONTEXTERM_TOKEN in the environment does the same (default: random per launch)
  --token T          as --token-file, but T is visible to other users on the process list`;

export interface WebArgs {
  readonly help: boolean;
  readonly port: number;
  readonly dataDir: string | undefined;
  readonly open: boolean;
  /** Where a fixed token comes from, resolved by `resolveToken` (file reads stay out of parsing). */
  readonly tokenSource: TokenSource | undefined;
}

export type TokenSource =
  | { readonly kind: 'file'; readonly path: string }
  | { readonly kind: 'env'; readonly value: string }
  | { readonly kind: 'argv'; readonly value: string };

export const parseWebArgs = (argv: readonly string[], env: NodeJS.ProcessEnv = {}): WebArgs => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '7681' },
      'data-dir': { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      'token-file': { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
  if (values.token !== undefined && values['token-file'] !== undefined) throw new Error('give --token-file or --token, not both');
  const tokenSource: TokenSource | undefined =
    values['token-file'] !== undefined
      ? { kind: 'file', path: values['token-file'] }
      : values.token !== undefined
        ? { kind: 'argv', value: checkToken(values.token, '--token') }
        : env.CONTEXTERM_TOKEN
          ? { kind: 'env', value: checkToken(env.CONTEXTERM_TOKEN, 'CONTEXTERM_TOKEN') }
          : undefined;
  return { help: values.help, port, dataDir: values['data-dir'], open: !values['no-open'], tokenSource };
};

/** URL-safe and a valid WebSocket subprotocol character set, long enough not to be guessed. */
export const checkToken = (token: string, from: string): string => {
  if (!/^[\w.~-]{16,256}$/.test(token)) throw new Error(`${from}: the token must be 16–256 characters of A–Z a–z 0–9 . _ ~ -`);
  return token;
};
