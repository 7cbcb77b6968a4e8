// SPDX-License-Identifier: MIT
import { FinalTermOscPt, markDurationMs, markExitCode, markStartClock, type Mark } from './protocol/osc-protocol';
import type { PushEvent, ShellLayer } from './shell-layers';

/**
 * OSC 133 (FinalTermOscPt in protocol/osc-protocol.ts): the command cycle of the shell that signed
 * the mark, prompt start → prompt end → output start → command end. Marks out of that order
 * change what they can and report nothing they cannot back up: C without a prompt is dropped, D
 * with nothing running too. `offset` is where the mark stood in the output stream.
 */
export const applyFinalTermMark = (shell: ShellLayer, mark: Mark, offset: number, at: number, push: PushEvent): void => {
  switch (mark.code) {
    case FinalTermOscPt.PromptStart:
      if (shell.state === 'running') push({ type: 'command-end', offset, exitCode: null, at });
      push({ type: 'prompt', offset, at });
      shell.state = 'prompt';
      shell.inputStart = null;
      shell.commandLine = null;
      shell.completedLine = null;
      shell.keptOut = false;
      return;
    case FinalTermOscPt.CommandStart:
      if (shell.state === 'prompt') shell.state = 'input';
      shell.inputStart = offset;
      // bash redraws its whole prompt (B included) after listing completions: each B moves the start.
      if (shell.state === 'input') push({ type: 'input-start', offset, at });
      return;
    case FinalTermOscPt.CommandExecuted:
      if (shell.state !== 'prompt' && shell.state !== 'input') return;
      push({
        type: 'command-start',
        offset,
        commandLine: shell.commandLine,
        cwd: shell.cwd,
        hostname: shell.hostname,
        source: 'integrated',
        at,
        ...(shell.inputStart !== null ? { inputStart: shell.inputStart } : {}),
        ...(shell.history !== null ? { history: shell.history } : {}),
        ...(shell.keptOut ? { shellKeptOut: true } : {}),
      });
      shell.state = 'running';
      shell.startClock = markStartClock(mark);
      shell.keptOut = false;
      shell.inputStart = null;
      shell.completedLine = null;
      return;
    case FinalTermOscPt.CommandFinished: {
      // With no command running it changes nothing (an empty Enter or Ctrl+C at the prompt,
      // where the next A follows). Were it to end the prompt, one arriving after A (a
      // framework that prints the prompt's end-of-line mark itself) would lose the next command.
      if (shell.state !== 'running') return;
      const exitCode = markExitCode(mark);
      const completed = shell.completedLine;
      const durationMs = markDurationMs(mark, shell.startClock);
      push({
        type: 'command-end',
        offset,
        exitCode,
        at,
        ...(completed === null ? {} : { commandLine: completed }),
        ...(durationMs === undefined ? {} : { durationMs }),
      });
      shell.state = 'idle';
      shell.commandLine = null;
      shell.completedLine = null;
      return;
    }
  }
};
