// SPDX-License-Identifier: MIT
import type { SimpleCommand } from './parse-command';
import { hasShort, operands, type Arg } from './words';

/**
 * Destructive commands as data: a program, the subcommand words that must lead its operands, and
 * the options or operands that make it destroy. A rule matches when every condition it states holds.
 * Erring towards a warning costs a click; missing one can cost the data, so subcommands are looked
 * for among the first operands (global options such as `kubectl -n prod` may come first).
 */
interface TableRule {
  readonly programs: readonly string[];
  /** Subcommand words in order, each with its alternatives: [['system', 'volume'], ['prune']]. */
  readonly sub?: readonly (readonly string[])[];
  /** At least one of these options: short letters (bundled or not), long names (also with =value), prefixes. */
  readonly short?: string;
  readonly long?: readonly string[];
  readonly longPrefix?: readonly string[];
  /** Some operand matches (after the subcommand). */
  readonly operand?: RegExp;
  /** Some argument's text matches (an SQL statement given with -c, -e or as an operand). */
  readonly text?: RegExp;
  /** Not when an argument matches (`killall -l` only lists signals). */
  readonly unless?: RegExp;
  /** The sentence shown before the command line. */
  readonly reason: string;
}

/** DROP/TRUNCATE, and DELETE or UPDATE without a WHERE: statements that lose rows or tables. */
const DESTRUCTIVE_SQL =
  /\b(drop\s+(database|schema|table|view|index|user|role)|truncate\b|delete\s+from\s+[^\s;]+\s*(;|$)|update\s+[^\s;]+\s+set\s+(?![\s\S]*\bwhere\b))/i;

const SQL_CLIENTS = ['psql', 'mysql', 'mariadb', 'sqlite3', 'clickhouse-client', 'duckdb', 'sqlcmd', 'cockroach'];

const TABLE_RULES: readonly TableRule[] = [
  {
    programs: ['docker', 'podman', 'nerdctl'],
    sub: [['system', 'volume', 'image', 'container', 'network', 'builder', 'buildx'], ['prune']],
    reason: 'deletes unused containers, images, networks or volumes',
  },
  {
    programs: ['docker', 'podman', 'nerdctl'],
    sub: [['rm', 'rmi']],
    short: 'f',
    long: ['--force'],
    reason: 'deletes containers or images by force',
  },
  {
    programs: ['docker', 'podman', 'nerdctl'],
    sub: [
      ['container', 'image'],
      ['rm', 'remove'],
    ],
    short: 'f',
    long: ['--force'],
    reason: 'deletes containers or images by force',
  },
  { programs: ['docker', 'podman', 'nerdctl'], sub: [['volume'], ['rm', 'remove']], reason: 'deletes volumes and the data in them' },
  {
    programs: ['docker', 'podman'],
    sub: [['compose'], ['down']],
    short: 'v',
    long: ['--volumes'],
    reason: 'deletes the project’s volumes and the data in them',
  },
  {
    programs: ['docker-compose', 'podman-compose'],
    sub: [['down']],
    short: 'v',
    long: ['--volumes'],
    reason: 'deletes the project’s volumes and the data in them',
  },
  { programs: ['kubectl', 'oc'], sub: [['delete']], reason: 'deletes cluster resources' },
  { programs: ['helm'], sub: [['uninstall', 'delete', 'del', 'un']], reason: 'uninstalls a release and deletes its resources' },
  { programs: ['terraform', 'tofu', 'terragrunt'], sub: [['destroy']], reason: 'destroys the managed infrastructure' },
  { programs: ['terraform', 'tofu', 'terragrunt'], sub: [['apply']], long: ['-destroy'], reason: 'destroys the managed infrastructure' },
  {
    programs: ['terraform', 'tofu', 'terragrunt'],
    sub: [['apply']],
    long: ['-auto-approve', '--auto-approve'],
    reason: 'changes infrastructure without asking for approval',
  },
  {
    programs: ['rsync'],
    longPrefix: ['--delete', '--del', '--remove-source-files'],
    reason: 'deletes files at the destination or the source',
  },
  { programs: ['cp'], operand: /^\/dev\/(null|zero)$/, reason: 'empties a file (copies /dev/null over it)' },
  { programs: ['mv'], short: 'f', long: ['--force'], reason: 'overwrites files without asking' },
  { programs: ['wipefs'], reason: 'wipes file-system signatures from a disk' },
  { programs: ['blkdiscard'], reason: 'discards every block of a disk' },
  { programs: ['sgdisk'], short: 'Zo', longPrefix: ['--zap', '--clear'], reason: 'wipes a disk’s partition table' },
  { programs: ['crontab'], short: 'r', reason: 'removes your crontab' },
  { programs: ['dpkg'], short: 'Pr', long: ['--purge', '--remove'], reason: 'removes packages' },
  { programs: ['rpm'], short: 'e', long: ['--erase'], reason: 'removes packages' },
  { programs: ['gem', 'cargo', 'pipx', 'conda', 'mamba'], sub: [['uninstall', 'remove']], reason: 'removes packages' },
  { programs: ['aws'], sub: [['s3'], ['rm', 'rb']], reason: 'deletes objects or buckets from S3' },
  { programs: ['aws'], sub: [['s3'], ['sync', 'mv']], longPrefix: ['--delete'], reason: 'deletes objects from S3' },
  { programs: ['gsutil'], sub: [['rm', 'rb']], reason: 'deletes objects or buckets from Cloud Storage' },
  { programs: ['gcloud'], sub: [['storage'], ['rm']], reason: 'deletes objects or buckets from Cloud Storage' },
  { programs: SQL_CLIENTS, text: DESTRUCTIVE_SQL, reason: 'runs SQL that drops or empties a table or a database' },
  { programs: ['redis-cli', 'valkey-cli', 'keydb-cli'], operand: /^flush(all|db)$/i, reason: 'deletes every key in the database' },
  { programs: ['sed', 'gsed'], short: 'i', longPrefix: ['--in-place'], reason: 'edits files in place' },
  { programs: ['perl'], short: 'i', reason: 'edits files in place' },
  { programs: ['pkill', 'killall'], unless: /^(-l|--list|-V|--version|-h|--help)$/, reason: 'kills processes by name' },
  { programs: ['shutdown', 'reboot', 'poweroff', 'halt'], reason: 'shuts down or restarts the machine' },
  { programs: ['init', 'telinit'], operand: /^[06]$/, reason: 'shuts down or restarts the machine' },
  {
    programs: ['systemctl'],
    sub: [['poweroff', 'reboot', 'halt', 'kexec', 'soft-reboot', 'emergency', 'rescue']],
    reason: 'shuts down or restarts the machine',
  },
  { programs: ['systemctl'], sub: [['stop', 'disable', 'mask', 'kill', 'isolate']], reason: 'stops, disables or masks a service' },
];

const hasLongName = (args: readonly Arg[], names: readonly string[]): boolean =>
  args.some((a) => names.some((n) => a.value === n || a.value.startsWith(`${n}=`)));

/** Where the subcommand words start among the operands, or -1 (looked for within the first three). */
const subAt = (ops: readonly string[], sub: readonly (readonly string[])[]): number => {
  for (let at = 0; at < 3 && at < ops.length; at++) {
    if (sub.every((alternatives, k) => alternatives.includes(ops[at + k] ?? ''))) return at + sub.length;
  }
  return -1;
};

export const tableDangers = (cmd: SimpleCommand): string[] =>
  TABLE_RULES.filter((rule) => rule.programs.includes(cmd.name))
    .filter((rule) => {
      const ops = operands(cmd.args).map((a) => a.value);
      const after = rule.sub ? subAt(ops, rule.sub) : 0;
      if (after < 0 || (rule.unless && cmd.args.some((a) => rule.unless?.test(a.value)))) return false;
      const optionNamed = rule.short !== undefined || rule.long !== undefined || rule.longPrefix !== undefined;
      if (optionNamed) {
        const found =
          [...(rule.short ?? '')].some((l) => hasShort(cmd.args, l)) ||
          hasLongName(cmd.args, rule.long ?? []) ||
          cmd.args.some((a) => (rule.longPrefix ?? []).some((p) => a.value.startsWith(p)));
        if (!found) return false;
      }
      if (rule.operand && !ops.slice(after).some((o) => rule.operand?.test(o))) return false;
      if (rule.text && !cmd.args.some((a) => rule.text?.test(a.value))) return false;
      return true;
    })
    .map((rule) => `${rule.reason}: ${cmd.text}`);
