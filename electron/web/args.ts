// SPDX-License-Identifier: MIT
import { parseArgs } from 'node:util';

export interface WebArgs {
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
    },
    strict: true,
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
  if (values.token !== undefined && !/^[\w.~-]{16,256}$/.test(values.token)) {
    throw new Error('--token must be 16–256 URL-safe characters');
  }
  return { port, dataDir: values['data-dir'], open: !values['no-open'], token: values.token };
};
