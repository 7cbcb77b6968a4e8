// SPDX-License-Identifier: MIT
import { TIME_BOUND_HELP } from '../../shared/domain/time-bounds';

const DATA_DIR = `  --data-dir DIR    the app's data directory (default: browser mode's, else the desktop app's)`;
const COMMON = `${DATA_DIR}
  -h, --help        show this help`;

export const MAIN_USAGE = `Usage: contexterm <command> [options]

Reads Contexterm's recorded terminal history, read-only, while the app runs or not;
'sync' shares it, end-to-end encrypted, through a bucket you own.

Commands:
  history search [QUERY]    recorded commands matching QUERY's words, best first
  history show ID           a command's recorded output (colours on a terminal)
  history sessions          recorded sessions (the ids export takes), newest first
  history export SESSION    a session as JSON or an asciicast v2 recording
  history stats             counts, sizes, date range, most used programs
  mcp                       an MCP server on stdio for coding agents
  sync init|join|status|now|off   encrypted history across machines (see 'sync --help')

Options:
${COMMON}
  --version         print the version

Secrets are replaced as in the assistant's model requests (Settings → Redaction).
Exit codes: 0 ok, 1 not found, 2 usage error, 3 history database unavailable,
4 export file not written.
See docs/cli-and-mcp.md.`;

export const HISTORY_USAGE = `Usage: contexterm history <search|show|sessions|export|stats> [options]

  search [QUERY] [filters] [--json]        matching commands, best first (see search --help)
  show ID [--plain] [--json]               a command's output
  sessions [--limit N] [--json]            recorded sessions, newest first (default limit 50)
  export SESSION [--format json|asciicast] [--output FILE]
  stats [--json]

Options:
${COMMON}`;

export const SEARCH_USAGE = `Usage: contexterm history search [QUERY] [options]

The history's one search, as the Commands panel and MCP have it: QUERY's words match command lines
and output (the last word as a prefix; symbols are plain text). A command need not hold every word:
those holding more of them come first, then rarer words and words in the command line, the newest
breaking ties. Without QUERY, the newest commands within the filters.
Prints one command per line (id, time, exit code, directory, command line).

Filters:
  --cwd DIR         run in DIR or a directory below it (a DIR not on this machine is searched
                    all the same, with a note on stderr: remote and deleted directories count)
  --exit N          exited with code N
  --failed          exited with a non-zero code
  --host H          ran on host H (the local hostname, or user@host of an ssh command)
  --since T         started at or after T; --until T: before T
                    (T: ${TIME_BOUND_HELP})
  --ran-by WHO      user or assistant
  --session ID      in session ID (see 'history sessions')

Options:
  --limit N         at most N commands (1–1000, default 50)
  --json            one JSON array of {id, command_line, cwd, exit_code, started_at, host,
                    session_id, duration_ms, ran_by}
${COMMON}`;

export const SHOW_USAGE = `Usage: contexterm history show ID [options]

Prints the recorded output of command ID (as listed by search). On a terminal it keeps its
colours; piped, or with --plain, escape sequences are removed.

Options:
  --plain           no colours even on a terminal
  --json            {id, session_id, command_line, cwd, host, exit_code, started_at, ended_at, output}
${COMMON}`;

export const EXPORT_USAGE = `Usage: contexterm history export SESSION [options]

Writes session SESSION (an id from 'history sessions' or a command id's part before ':').

Options:
  --format F        json (the session and its commands with their output; default) or
                    asciicast (v2: a header line and [time, "o", text] events; no keystrokes)
  --output FILE     write to FILE instead of stdout
${COMMON}`;

export const SESSIONS_USAGE = `Usage: contexterm history sessions [options]

Lists the recorded sessions, newest first, one per line: id, started, ended ('-' while its tab
is open; UTC), command count, shell, host, directory, title. The id is what 'export' takes.

Options:
  --limit N         at most N sessions (1–10000, default 50)
  --json            one JSON array of {id, started_at, ended_at, shell, hostname, cwd, title, commands}
${COMMON}`;

export const STATS_USAGE = `Usage: contexterm history stats [options]

Options:
  --json            the same as one JSON object
${COMMON}`;

export const MCP_USAGE = `Usage: contexterm mcp [options]

Runs a Model Context Protocol server on stdin/stdout, read-only. Tools: search_commands,
get_commands, recent_commands, list_sessions; resource: contexterm://recent.

Options:
${COMMON}`;
