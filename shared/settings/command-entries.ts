// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { wholeNumber } from './fields';
import { custom, group, ordinary } from './setting';

/*
 * Recorded commands: what is kept and for how long, on which ssh hosts commands are recorded, and
 * the notice when a long one finishes.
 */

const retention = (columns: { id: string; columns: 3 }, label: string, hint: string, testId: string) => ({
  label,
  hint,
  testId,
  control: { kind: 'number', inputMode: 'numeric' } as const,
  row: columns,
});
const RAW = { id: 'raw', columns: 3 } as const;
const RECORDS = { id: 'records', columns: 3 } as const;

/**
 * Raw terminal bytes are the bulk and go first: 2 GB and 30 days (a month of scrollback at a few
 * MB a day leaves the cap for floods). Command records (command line, cwd, exit code, clean output,
 * the search index) are what search and the assistant use: a year, a million commands (~1 GB at
 * the 32K clean-output cap, far less in practice). 0 means no limit.
 */
export const history = group(
  {
    /** Stored raw terminal output, all sessions together. */
    rawMaxMb: ordinary({
      schema: wholeNumber(0, 10_000_000, 'MB (0: no limit)'),
      default: 2048,
      heading: 'Raw terminal output',
      ...retention(RAW, 'Raw output limit (MB)', '0: no limit. All terminals together; the oldest goes first.', 'history-raw-max-mb'),
    }),
    rawMaxAgeDays: ordinary({
      schema: wholeNumber(0, 36_500, 'days (0: forever)'),
      default: 30,
      ...retention(RAW, 'Keep raw output (days)', '0: forever', 'history-raw-max-age-days'),
    }),
    /** One command's raw output beyond this keeps its first and last halves (64 MB: its head and its tail). */
    commandRawMaxMb: ordinary({
      schema: wholeNumber(1, 100_000, 'MB'),
      default: 64,
      ...retention(
        RAW,
        'Per-command raw limit (MB)',
        'Beyond this a command keeps its first and last halves',
        'history-command-raw-max-mb',
      ),
    }),
    /** Command records older than this are deleted, with their clean output and search entries. */
    recordsMaxAgeDays: ordinary({
      schema: wholeNumber(0, 36_500, 'days (0: forever)'),
      default: 365,
      heading: 'Command records',
      ...retention(
        RECORDS,
        'Keep command records (days)',
        '0: forever. Covers command lines, clean output, search',
        'history-records-max-age-days',
      ),
    }),
    recordsMax: ordinary({
      schema: wholeNumber(0, 100_000_000, 'commands (0: no limit)'),
      default: 1_000_000,
      ...retention(RECORDS, 'Keep at most (commands)', '0: no limit; the newest are kept', 'history-records-max'),
    }),
    /**
     * Follow the shell's own history rules (HISTCONTROL's ignorespace, HISTIGNORE, zsh's
     * HIST_IGNORE_SPACE, fish's leading space; a leading space where the shell reports none).
     * The key keeps its first name, from when it meant a leading space only.
     */
    ignoreSpace: ordinary({
      schema: z.boolean(),
      default: true,
      heading: 'Not recorded',
      label: "Don't record what the shell keeps out of its history (a leading space, HISTIGNORE)",
      control: { kind: 'checkbox' },
      testId: 'history-ignore-space',
    }),
    /** Command lines matching any of these (RE2 syntax, checked on save) are not recorded. */
    excludePatterns: custom({
      schema: z.array(z.string().min(1, { error: 'enter a pattern or remove the line' }).max(500)).max(50),
      default: [],
      editor: 'history-patterns',
    }),
  },
  {
    title: 'History & privacy',
    before: [{ editor: 'storage-panel' }],
    after: [
      {
        note: "For a whole terminal that should leave no trace, open a private tab (the eye icon next to +); a tab's menu (right-click) pauses and resumes its recording.",
      },
    ],
  },
);

/**
 * "Notice when work finishes": a command that ran at least `minSeconds` and ends in a terminal the
 * user is not looking at marks its tab (✓ / ✗); if the window is in the background it also raises
 * a notification (desktop: the system's, through main; browser mode: the page's, once allowed).
 */
export const notifications = group(
  {
    /** Off: no tab marks and no notifications. */
    enabled: ordinary({
      schema: z.boolean(),
      default: true,
      label: 'Mark the tab and notify when a long command finishes out of sight',
      control: { kind: 'checkbox' },
      testId: 'notifications-enabled',
    }),
    /** Commands shorter than this (wall-clock, start to end) are not worth a notice. */
    minSeconds: ordinary({
      schema: wholeNumber(1, 86_400, 'seconds'),
      default: 10,
      label: 'Long command (seconds)',
      hint: 'Commands that ran at least this long count',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'notifications-min-seconds',
      row: { id: 'duration' },
    }),
    /** Also notify while the window is in front, when the command ended in another tab. */
    whenFocused: ordinary({
      schema: z.boolean(),
      default: false,
      label: 'Notify even while this window is in front (for commands in other tabs)',
      control: { kind: 'checkbox' },
      testId: 'notifications-when-focused',
    }),
  },
  {
    title: 'Notifications',
    after: [
      {
        note: 'A finished command marks its tab ✓ (exit 0) or ✗ until you open the tab; a notification comes when the window is in the background.',
      },
      { editor: 'notification-permission' },
    ],
  },
);

/** A host as the user types it after `ssh` (an alias from ~/.ssh/config or a name): no spaces or controls. */
const SshHost = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[^\s\x00-\x1f\x7f]+$/, { error: 'a host name or alias, without spaces' });

/**
 * SSH integration: `ssh host` typed at an integrated prompt (an interactive login without a
 * remote command) starts the remote login shell with Contexterm's integration, sent over the
 * connection itself and deleted from the host at start-up. On by default; off for every host, or
 * for the hosts listed.
 */
export const ssh = group(
  {
    integration: ordinary({
      schema: z.boolean(),
      default: true,
      label: "Record commands on hosts you ssh into (an interactive `ssh host` gets Contexterm's shell integration)",
      control: { kind: 'checkbox' },
      testId: 'ssh-integration',
    }),
    offHosts: custom({
      schema: z
        .array(SshHost)
        .max(500)
        .refine((hosts) => new Set(hosts).size === hosts.length, 'each host once'),
      default: [],
      editor: 'ssh-hosts',
    }),
  },
  {
    title: 'SSH',
    after: [
      {
        note: 'The integration travels over the connection when the remote login shell (bash, zsh or fish) starts, lives in a private temporary directory that the shell deletes at start-up, and leaves nothing on the host. `ssh host command`, scp, rsync and git are never touched.',
      },
    ],
  },
);
