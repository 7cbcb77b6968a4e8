// SPDX-License-Identifier: MIT
import { unescapeMarkValue } from './protocol/mark-codec';
import { MarkProperty, VSCodeOscPt, markFields, type Mark } from './protocol/osc-protocol';
import type { PushEvent, ShellLayer } from './shell-layers';

/**
 * OSC 633 (VSCodeOscPt in protocol/osc-protocol.ts): what the shell that signed the mark says
 * about its command line and itself. Other 633 letters, VS Code's or unknown, change nothing.
 */
export const applyVSCodeMark = (shell: ShellLayer, mark: Mark, at: number, push: PushEvent): void => {
  switch (mark.code) {
    case VSCodeOscPt.CommandLine:
      // Before output starts it is the line the command starts with; while it runs, the whole
      // line (a paste that ran as several), reported when the command ends.
      if (shell.state === 'prompt' || shell.state === 'input') shell.commandLine = unescapeMarkValue(markFields(mark));
      else if (shell.state === 'running') shell.completedLine = unescapeMarkValue(markFields(mark));
      return;
    case VSCodeOscPt.Property:
      property(shell, markFields(mark), at, push);
      return;
  }
};

/** `Key=value`: cwd and host are reported when they change, the user every time; history rules are kept. */
const property = (shell: ShellLayer, field: string, at: number, push: PushEvent): void => {
  const eq = field.indexOf('=');
  if (eq < 0) return;
  const key = field.slice(0, eq);
  const value = unescapeMarkValue(field.slice(eq + 1));
  if (key === MarkProperty.Cwd && value !== shell.cwd) {
    shell.cwd = value;
    push({ type: 'cwd', cwd: value, at });
  } else if (key === MarkProperty.Hostname && value !== shell.hostname) {
    shell.hostname = value;
    push({ type: 'hostname', hostname: value, at });
  } else if (key === MarkProperty.User) push({ type: 'user', user: value, at });
  // History rules are only read when a command starts: kept on the layer, no event of their own.
  else if (key === MarkProperty.HistControl) shell.history = { control: value, ignore: shell.history?.ignore ?? '' };
  else if (key === MarkProperty.HistIgnore) shell.history = { control: shell.history?.control ?? '', ignore: value };
  else if (key === MarkProperty.HistKeptOut && (shell.state === 'prompt' || shell.state === 'input')) shell.keptOut = value === '1';
};
