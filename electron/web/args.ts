// SPDX-License-Identifier: MIT
import { parseArgs } from 'node:util';

export const WEB_USAGE = `Usage: npm run web -- [options]
  --port N        port on 127.0.0.1 (0 picks a free one; default 7681)
  --data-dir DIR  database and settings (default: the per-user data dir)
  --no-open       do not open a browser
  --token T       fix the access token (default: random per launch)`;

export interface WebArgs {
  readonly help: boolean;
  readonly port: number;
  readonly dataDir: string | undefined;
  readonly open: boolean;
  readonly token: string | undefined;
}

export const parseWebArgs = (argv: readonly string[]): WebArgs => {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '7681' },
      'data-dir': { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
  if (values.token !== undefined && !/^[\w.~-]{16,256}$/.test(values.token)) {
    throw new Error('--token must be 16–256 URL-safe characters');
  }
  return { help: values.help, port, dataDir: values['data-dir'], open: !values['no-open'], token: values.token };
};
