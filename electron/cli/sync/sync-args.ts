// SPDX-License-Identifier: MIT
import { parseArgs } from 'node:util';
import { SyncError } from '../../sync/sync-error';
import { SYNC_USAGE } from './sync-usage';

export type SyncWhere =
  | { readonly kind: 's3'; readonly endpoint: string; readonly bucket: string; readonly region: string }
  | { readonly kind: 'folder'; readonly path: string };

export type SyncCommand =
  | {
      readonly kind: 'sync-init';
      readonly dataDir?: string;
      readonly where: SyncWhere;
      readonly prefix: string;
      readonly commandsOnly: boolean;
      readonly deviceName?: string;
    }
  | {
      readonly kind: 'sync-join';
      readonly dataDir?: string;
      readonly where: SyncWhere;
      readonly prefix: string;
      readonly phrase: string;
      readonly commandsOnly: boolean;
      readonly deviceName?: string;
    }
  | { readonly kind: 'sync-status'; readonly dataDir?: string; readonly json: boolean }
  | { readonly kind: 'sync-now'; readonly dataDir?: string; readonly json: boolean }
  | { readonly kind: 'sync-off'; readonly dataDir?: string };

export type SyncParsed = SyncCommand | { readonly kind: 'help'; readonly text: string; readonly asked: boolean };

const OPTIONS = {
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  endpoint: { type: 'string' },
  bucket: { type: 'string' },
  prefix: { type: 'string' },
  region: { type: 'string' },
  folder: { type: 'string' },
  phrase: { type: 'string' },
  json: { type: 'boolean' },
  'commands-only': { type: 'boolean' },
  'device-name': { type: 'string' },
} as const;

type Values = Record<string, string | boolean | undefined>;

const parse = (argv: readonly string[], sub: string): Values => {
  try {
    const parsed = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
    if (parsed.positionals.length > 0) throw new Error(`sync ${sub} takes no argument '${parsed.positionals[0]}'`);
    return parsed.values as Values;
  } catch (error) {
    throw new SyncError('bad-input', `${(error as Error).message.split(/\.\s/)[0]} (see 'contexterm sync --help')`);
  }
};

const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  if (value === '') throw new SyncError('bad-input', `--${name} needs a value`);
  return typeof value === 'string' ? value : undefined;
};

const whereOf = (values: Values, sub: string): SyncWhere => {
  const folder = text(values, 'folder');
  const endpoint = text(values, 'endpoint');
  const bucket = text(values, 'bucket');
  if (folder !== undefined) {
    if (endpoint !== undefined || bucket !== undefined)
      throw new SyncError('bad-input', `sync ${sub} takes --folder or --endpoint with --bucket, not both`);
    return { kind: 'folder', path: folder };
  }
  if (endpoint === undefined || bucket === undefined)
    throw new SyncError('bad-input', `sync ${sub} needs --endpoint URL and --bucket NAME (or --folder DIR)`);
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))
    throw new SyncError('bad-input', `--endpoint must be an http(s) URL, got ${endpoint}`);
  return { kind: 's3', endpoint, bucket, region: text(values, 'region') ?? 'us-east-1' };
};

const prefixOf = (values: Values): string => {
  const prefix = (text(values, 'prefix') ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix.split('/').some((part) => part === '.' || part === '..'))
    throw new SyncError('bad-input', `--prefix may not hold . or .. parts`);
  return prefix;
};

const common = (values: Values): { dataDir?: string } => {
  const dir = text(values, 'data-dir');
  return dir === undefined ? {} : { dataDir: dir };
};

const named = (values: Values): { deviceName?: string } => {
  const name = text(values, 'device-name');
  return name === undefined ? {} : { deviceName: name };
};

/** `contexterm sync …`, argv after `sync`. */
export const parseSync = (argv: readonly string[]): SyncParsed => {
  const [sub, ...rest] = argv;
  if (sub === undefined) return { kind: 'help', text: SYNC_USAGE, asked: false };
  if (sub === 'help' || sub === '-h' || sub === '--help') return { kind: 'help', text: SYNC_USAGE, asked: true };
  if (!['init', 'join', 'status', 'now', 'off'].includes(sub))
    throw new SyncError('bad-input', `unknown sync command '${sub}' (init, join, status, now or off)`);
  const values = parse(rest, sub);
  if (values.help) return { kind: 'help', text: SYNC_USAGE, asked: true };
  switch (sub) {
    case 'init':
      return {
        kind: 'sync-init',
        ...common(values),
        where: whereOf(values, sub),
        prefix: prefixOf(values),
        commandsOnly: values['commands-only'] === true,
        ...named(values),
      };
    case 'join': {
      const phrase = text(values, 'phrase');
      if (phrase === undefined) throw new SyncError('bad-input', 'sync join needs --phrase "…", the 24 words init printed');
      return {
        kind: 'sync-join',
        ...common(values),
        where: whereOf(values, sub),
        prefix: prefixOf(values),
        phrase,
        commandsOnly: values['commands-only'] === true,
        ...named(values),
      };
    }
    case 'status':
      return { kind: 'sync-status', ...common(values), json: values.json === true };
    case 'now':
      return { kind: 'sync-now', ...common(values), json: values.json === true };
    default:
      return { kind: 'sync-off', ...common(values) };
  }
};
