// SPDX-License-Identifier: MIT
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertValidNonce } from '../segmenter/protocol/mark-codec';
import { REQUEST_ID } from '../segmenter/ssh-handshake';
import type { IntegratedShell } from '../segmenter/shell-launch';

/** The integration files each shell needs, relative to resources/shell-integration. */
const FILES: Record<IntegratedShell, readonly string[]> = {
  bash: ['bash/contexterm.bash'],
  zsh: ['zsh/.zshenv', 'zsh/.zprofile', 'zsh/.zshrc', 'zsh/.zlogin', 'zsh/contexterm.zsh'],
  fish: ['fish/vendor_conf.d/contexterm.fish'],
};

/**
 * How the answer starts each shell, in the bootstrap's sh (`$s` the login shell, `$d` the private
 * directory): the same start-up as a local integrated shell (see segmenter/shell-launch.ts), with
 * the files from `$d`. CONTEXTERM_CLEANUP tells the integration to delete `$d` once it has read it.
 */
const START: Record<IntegratedShell, string> = {
  bash: 'CONTEXTERM_SHELL_LOGIN=1; export CONTEXTERM_SHELL_LOGIN; exec "$s" --init-file "$d/bash/contexterm.bash" -i',
  zsh: [
    'if [ -n "${ZDOTDIR+x}" ]; then CONTEXTERM_USER_ZDOTDIR=$ZDOTDIR; export CONTEXTERM_USER_ZDOTDIR;',
    'else CONTEXTERM_USER_ZDOTDIR_UNSET=1; export CONTEXTERM_USER_ZDOTDIR_UNSET; fi',
    'ZDOTDIR=$d/zsh; export ZDOTDIR; exec "$s" -l -i',
  ].join('\n'),
  fish: [
    'if [ -n "${XDG_DATA_DIRS+x}" ]; then CONTEXTERM_XDG_DATA_DIRS=$XDG_DATA_DIRS; export CONTEXTERM_XDG_DATA_DIRS; fi',
    'XDG_DATA_DIRS=$d:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}; export XDG_DATA_DIRS; exec "$s" -l -i',
  ].join('\n'),
};

const cache = new Map<string, string>();
const read = (dir: string, file: string): string => {
  const path = join(dir, file);
  let text = cache.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(#|$)/.test(line))
      .join('\n');
    cache.set(path, text);
  }
  return text;
};

/**
 * The script the bootstrap sources: writes the shell's integration files into `$d` (mode 0700 by
 * the bootstrap's umask), the nonce into `$d/n` (read and deleted by the integration before any
 * user file runs), then starts the shell. Written as quoted here-documents, so nothing in the
 * files is expanded.
 */
export const integrationScript = (shell: IntegratedShell, integrationDir: string, id: string): string => {
  const end = `CONTEXTERM_EOF_${id}`;
  const lines = ['umask 077'];
  const dirs = new Set(FILES[shell].map((file) => file.slice(0, file.lastIndexOf('/'))));
  for (const dir of dirs) lines.push(`mkdir -p "$d/${dir}" || return 1`);
  for (const file of FILES[shell]) {
    const text = read(integrationDir, file);
    if (text.split('\n').includes(end)) throw new Error(`ssh payload: ${file} contains its own terminator`);
    lines.push(`cat > "$d/${file}" <<'${end}' || return 1`, text.replace(/\n$/, ''), end);
  }
  lines.push(
    'printf "%s\\n" "$n" > "$d/n" || return 1',
    'n=',
    'CONTEXTERM_NONCE_FILE=$d/n; CONTEXTERM_CLEANUP=$d; export CONTEXTERM_NONCE_FILE CONTEXTERM_CLEANUP',
  );
  lines.push(START[shell]);
  return lines.join('\n');
};

/**
 * ssh's remote command for request `id`: the one-line bootstrap (ssh/bootstrap.sh) run by sh, as
 * ssh/plan.sh builds it for the shells' ssh function.
 */
export const bootstrapCommand = (integrationDir: string, id: string): string =>
  `exec sh -c '${read(integrationDir, 'ssh/bootstrap.sh')}' contexterm ${id}`;

/** A shell we do not integrate: the bootstrap's own fallback is the plain login shell, without its notice. */
export const FALLBACK_SCRIPT = 'rm -rf "$d"; exec "$s" -l';

/** Kill line (^U): readline's unix-line-discard, zle's kill-whole-line, fish's backward-kill-line, a cooked tty's VKILL. */
const KILL_LINE = '\x15';

/** The length field's width: four hex digits, which the bootstrap reads as `$((0x…))` (no octal trap). */
const LENGTH_DIGITS = 4;

/**
 * What is typed into the pty in answer to the remote's request: one frame of printable ASCII,
 * `:<id>:<length, 4 hex digits>:<base64 of the nonce and the script>`, then ^U. The bootstrap
 * reads it by byte count (ssh/bootstrap.sh), so it needs no line break; and it has none, nor any
 * other byte a tty or line editor takes as submit, end of file or signal, because the same bytes
 * may be read by whatever reads the local pty once ssh has gone (a remote that asked and quit at
 * once: the foreground check is a race). There they are typed on the line, and the final ^U
 * kills the line again, in a line editor and in a cooked tty alike (even past a cooked tty's
 * 4095-byte line, where the kernel still handles VKILL): nothing runs, nothing is submitted or
 * kept in history. (Not the part ssh left unread in raw mode when it restored cooked mode: that
 * is a finished line to the kernel, which bash's and zsh's ssh functions drop once ssh exits.)
 * The remote reads the ^U as the frame's last byte. With echo off on the remote tty none of it is
 * shown there. It starts with `:`, which plan.sh keeps from being ssh's escape character.
 */
export const remoteAnswer = (id: string, nonce: string | undefined, script: string): string => {
  if (!REQUEST_ID.test(id)) throw new Error('ssh payload: a request id is 16–64 characters of [A-Za-z0-9_-]');
  if (nonce !== undefined) assertValidNonce(nonce);
  // The fallback needs no nonce, but the bootstrap reads one line there all the same.
  const body = Buffer.from(`${nonce ?? 'none'}\n${script}\n`, 'utf8').toString('base64');
  const length = body.length + KILL_LINE.length;
  if (length >= 16 ** LENGTH_DIGITS) throw new Error(`ssh payload: ${length} bytes do not fit the frame's length field`);
  return `:${id}:${length.toString(16).padStart(LENGTH_DIGITS, '0')}:${body}${KILL_LINE}`;
};
