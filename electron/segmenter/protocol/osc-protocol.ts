// SPDX-License-Identifier: MIT

/**
 * The shell-integration protocol: every OSC sequence ("mark") the segmenter understands, named.
 * The scripts in resources/shell-integration print them; mark-scanner.ts finds them in the pty
 * stream; electron/segmenter/segmenter.ts hands each to the handler of its protocol
 * (finalterm-marks.ts, vscode-marks.ts, ssh-handshake.ts, all in electron/segmenter).
 *
 * Wire form (mark-codec.ts escapes free text so that it never holds `;` or a control byte):
 *
 *     ESC ] <Ps> ; <Pt> [; <fields>] ; <signature> (BEL | ESC \)
 *
 * `Ps` is the family (OscPs), `Pt` one character (a letter), and the signature one of the nonces the segmenter
 * accepts at that moment (MarkSigner); a sequence without one is plain output, shown and stored
 * as it came. Names follow VS Code's `FinalTermOscPt` and `VSCodeOscPt` where we share its
 * sequences, so its documentation reads across. "Printed by" names the scripts in
 * resources/shell-integration: bash/contexterm.bash, zsh/contexterm.zsh,
 * fish/vendor_conf.d/contexterm.fish and ssh/bootstrap.sh (osc-protocol.test.ts checks the column).
 *
 * | Named code                     | Sequence               | Meaning                                | Printed by                                | What the segmenter does                                                   |
 * |--------------------------------|------------------------|----------------------------------------|-------------------------------------------|---------------------------------------------------------------------------|
 * | FinalTermOscPt.PromptStart     | `133;A`                | a prompt starts                        | bash, zsh, fish                           | ends a command still running (exit unknown); reports `prompt`             |
 * | FinalTermOscPt.CommandStart    | `133;B`                | the prompt ends, typing starts         | bash, zsh (end of PS1), fish              | keeps the offset: the typed line's echo starts there                      |
 * | FinalTermOscPt.CommandExecuted | `133;C[;<clock>]`      | the line was accepted, output starts   | bash, zsh, fish                           | reports `command-start` (line, cwd, host known so far); keeps the clock   |
 * | FinalTermOscPt.CommandFinished | `133;D[;<exit>[;<ms>[;<clock>]]]` | the command ended (ran `ms`, or until `clock`) | bash, zsh (also in PROMPT_EOL_MARK), fish | reports `command-end` (with `durationMs`); nothing when no command runs |
 * | VSCodeOscPt.CommandLine        | `633;E;<line>`         | the command line                       | bash, zsh, fish                           | before C: the line it starts with; while running: the whole line (*)      |
 * | VSCodeOscPt.Property           | `633;P;<Key>=<value>`  | a property of the shell (MarkProperty) | bash, zsh, fish                           | reports `cwd`, `hostname` when changed, `user`; keeps `Hist*` (**)        |
 * | ContextermOscPt.SshStart       | `633;S;<id>;<host>`    | our ssh function runs ssh to `host`    | bash, zsh, fish (their `ssh` function)    | from the local shell while a command runs: awaits one mark signed by `id` |
 * | ContextermOscPt.SshRequest     | `633;R;<shell>;<user>` | the remote asks for the integration    | ssh/bootstrap.sh, signed by the `id`      | reports `ssh-request`, once: any mark signed by the id spends it          |
 *
 * (*) bash sends the line again before D when a paste ran as several commands: reported with
 * `command-end`. (**) At every prompt: bash its `HISTCONTROL` (the startup files' value while
 * bash-preexec's edit of it stands) and `HISTIGNORE`; zsh `HistControl=ignorespace` while
 * HIST_IGNORE_SPACE is set (else empty); fish `HistControl=ignorespace` (fish always drops such a
 * line). The recorder applies them (electron/recorder/exclusion.ts). zsh also sends `HistKeptOut=1`
 * before C when the line matches its HISTORY_IGNORE pattern, which only zsh can match; it counts
 * for that command only. Any other letter, in either family, does nothing itself, and a signed sequence
 * whose `Pt` is not one character is dropped without any effect; both are still removed from the
 * stream. A mark with any one-character `Pt` also says who is talking (MarkSigner): unless a request
 * id signed it, it switches the segmenter to integrated mode for good and can move it between the
 * local shell and a remote one (electron/segmenter/shell-layers.ts).
 */

/** The first parameter: which family of sequences, as VS Code's `ShellIntegrationOscPs`. */
export const OscPs = {
  /** FinalTerm's semantic prompt marks, understood by most terminals. */
  FinalTerm: 133,
  /** VS Code's shell-integration marks; our own letters (ContextermOscPt) travel here too. */
  VSCode: 633,
} as const;
export type OscPs = (typeof OscPs)[keyof typeof OscPs];

/** OSC 133 letters: the command cycle A → B → C → D. */
export const FinalTermOscPt = {
  PromptStart: 'A',
  /** VS Code's name: the command (the user's input) starts where the prompt ends. */
  CommandStart: 'B',
  CommandExecuted: 'C',
  /**
   * Fields: the exit status in decimal (without one the command ends with an unknown code), then
   * how long the command ran in ms by the shell's own clock (fish), or, empty, then the shell's clock
   * at the end (bash, zsh; markDurationMs): the recorder times the command by it, since marks read
   * late (a busy app) are stamped late. Our own addition, as is CommandExecuted's clock.
   */
  CommandFinished: 'D',
} as const;

/** The OSC 633 letters we take from VS Code (its A–D repeat 133's; our scripts do not send them). */
export const VSCodeOscPt = {
  /** Fields: the command line, escaped. */
  CommandLine: 'E',
  /** Fields: `<Key>=<value>`, the value escaped. */
  Property: 'P',
} as const;

/** Our own OSC 633 letters (VS Code has none of them): the ssh bootstrap's handshake. */
export const ContextermOscPt = {
  /** Fields: `<request id>;<host as typed>`. Signed by the local shell. */
  SshStart: 'S',
  /** Fields: `<login shell>;<user>`. Signed by the request id, never by a shell's nonce. */
  SshRequest: 'R',
} as const;

/** The keys of `633;P;<Key>=<value>` the segmenter reports. */
export const MarkProperty = {
  Cwd: 'Cwd',
  Hostname: 'Hostname',
  User: 'User',
  /** HISTCONTROL (bash), `ignorespace` for zsh's HIST_IGNORE_SPACE and always for fish. */
  HistControl: 'HistControl',
  /** HISTIGNORE (bash): `:`-separated patterns. */
  HistIgnore: 'HistIgnore',
  /** `1` before C: the shell keeps the line about to run out of its history (zsh's HISTORY_IGNORE). */
  HistKeptOut: 'HistKeptOut',
} as const;

/**
 * Who signed a mark: the slot of the nonce it ends with (mark-scanner.ts holds one per slot).
 * - Session: the session's own nonce, given to the local shell at launch. Its marks are the local
 *   shell's; one arriving while a remote shell talks means that remote shell is gone.
 * - Remote: the nonce sent to a remote shell in the answer to its request (Segmenter.acceptRemote).
 *   Its first mark starts the remote layer; its marks count until the local shell speaks again.
 * - Request: a one-time ssh request id (ContextermOscPt.SshStart, or Segmenter.expectSsh for an
 *   SSH-host profile). It signs exactly one mark, which only the ssh handshake sees: the remote's
 *   SshRequest; any mark it signs spends it.
 */
export const MarkSigner = {
  Session: 0,
  Remote: 1,
  Request: 2,
} as const;
export type MarkSigner = (typeof MarkSigner)[keyof typeof MarkSigner];

/** Which handler a mark goes to: the family, except that our own letters ride in 633. */
type MarkProtocol = 'finalterm' | 'vscode' | 'contexterm';

/**
 * One decoded mark. `data[fieldsStart, end)` holds its fields (after `<Ps>;<Pt>;`), valid only
 * during the scanner's call; read them with markFields or markExitCode.
 */
export interface Mark {
  protocol: MarkProtocol;
  /** The `Pt`: a value of FinalTermOscPt, VSCodeOscPt or ContextermOscPt, or an unknown character. */
  code: string;
  data: Buffer;
  fieldsStart: number;
  end: number;
}

const SEMICOLON = 0x3b;
/** `6`, the first digit of `633`: the scanner only lets `133;` and `633;` through. */
const VSCODE_FIRST_DIGIT = 0x36;
/** `<Ps>;` is four bytes, then the letter, then `;`. */
const CODE_AT = 4;
const FIELDS_AT = 6;

/**
 * Decodes the payload `data[start, end)` the scanner found (`133;D;0`, `633;E;<escaped>`…), or
 * null when its `Pt` is not a single character: such a mark is dropped without any effect.
 */
export const readMark = (data: Buffer, start: number, end: number): Mark | null => {
  if (end < start + CODE_AT + 1 || (end > start + CODE_AT + 1 && data[start + CODE_AT + 1] !== SEMICOLON)) return null;
  const code = String.fromCharCode(data[start + CODE_AT]!);
  const protocol: MarkProtocol =
    data[start] !== VSCODE_FIRST_DIGIT
      ? 'finalterm'
      : code === ContextermOscPt.SshStart || code === ContextermOscPt.SshRequest
        ? 'contexterm'
        : 'vscode';
  return { protocol, code, data, fieldsStart: start + FIELDS_AT, end };
};

/** The mark's fields as text, still escaped (`''` when it has none). */
export const markFields = (mark: Mark): string => mark.data.toString('utf8', mark.fieldsStart, mark.end);

/** A decimal number in `data[start, end)` (`-` allowed, `maxDigits` at most), or null when it is anything else. */
const decimal = (data: Buffer, start: number, end: number, maxDigits: number): number | null => {
  const digits = data[start] === 0x2d ? start + 1 : start;
  if (end <= digits || end - digits > maxDigits) return null;
  let value = 0;
  for (let i = digits; i < end; i++) {
    const d = data[i]! - 0x30;
    if (d < 0 || d > 9) return null;
    value = value * 10 + d;
  }
  return digits > start ? -value : value;
};

/** Where the mark's field `index` (0-based) starts and ends, or undefined when it has fewer fields. */
const fieldAt = (mark: Mark, index: number): readonly [number, number] | undefined => {
  let start = mark.fieldsStart;
  for (let i = 0; i < index; i++) {
    const next = mark.data.indexOf(SEMICOLON, start);
    if (next < 0 || next >= mark.end) return undefined;
    start = next + 1;
  }
  const semicolon = mark.data.indexOf(SEMICOLON, start);
  return [start, semicolon < 0 || semicolon >= mark.end ? mark.end : semicolon];
};

/** Field `index` as a non-negative decimal of `maxDigits` at most, or undefined (absent, empty, anything else). */
const countField = (mark: Mark, index: number, maxDigits: number): number | undefined => {
  const field = fieldAt(mark, index);
  const value = field === undefined ? null : decimal(mark.data, field[0], field[1], maxDigits);
  return value === null || value < 0 ? undefined : value;
};

/** The mark's first field as a decimal exit code (`-` allowed, 10 digits at most), or null when it is anything else. */
export const markExitCode = (mark: Mark): number | null => {
  const field = fieldAt(mark, 0)!;
  return decimal(mark.data, field[0], field[1], 10);
};

/**
 * How long a command ran by the shell's own clock, in whole ms, from its end mark
 * `133;D;<exit>;<ms>[;<clock>]`: the second field when the shell measured it (fish's CMD_DURATION),
 * else the end mark's clock less the start mark's (`133;C;<clock>`, µs since the epoch: bash and zsh
 * read EPOCHREALTIME, which they cannot subtract where they print the marks). Undefined when the
 * shell said neither (an older script, an older shell).
 */
export const markDurationMs = (mark: Mark, startClock: number | null): number | undefined => {
  const ms = countField(mark, 1, 12);
  if (ms !== undefined) return ms;
  const endClock = countField(mark, 2, 16);
  return endClock === undefined || startClock === null || endClock < startClock ? undefined : Math.round((endClock - startClock) / 1000);
};

/** The shell's clock in the start mark `133;C;<clock>` (µs since the epoch), or null when it sent none. */
export const markStartClock = (mark: Mark): number | null => countField(mark, 0, 16) ?? null;
