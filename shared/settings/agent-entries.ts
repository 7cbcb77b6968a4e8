// SPDX-License-Identifier: MIT
import { z } from 'zod';
import { wholeNumber } from './fields';
import { custom, group, ordinary } from './setting';

/*
 * What the assistant may do in the terminals: the commands it proposes (run_command), which of
 * them run without asking, how many one answer may run, when a command is handed to the user, and
 * whether a repository's AGENTS.md joins the context.
 */

/**
 * Read-only commands a user would let run unasked. An entry is the command's first words
 * (`npm ls` matches `npm ls --depth 0`); the classifier's own read-only checks still apply to
 * the commands it knows (`find` with `-delete` or `-exec` never runs unasked). git is not here: it
 * runs programs the repository's own configuration names, so it always asks, even when listed.
 */
export const DEFAULT_AUTO_RUN_COMMANDS: readonly string[] = [
  'ls',
  'cat',
  'head',
  'tail',
  'wc',
  'grep',
  'rg',
  'find',
  'tree',
  'pwd',
  'stat',
  'du',
  'df',
  'which',
  'file',
];

const CommandPrefix = z
  .string()
  .trim()
  .min(1, { error: 'enter a command or remove the line' })
  .max(200)
  .regex(/^[A-Za-z0-9_.+/-]+( [A-Za-z0-9_.+/=-]+)*$/, { error: 'a command and its first words, e.g. npm ls' });

export const agent = group(
  {
    autoRunReadOnly: ordinary({
      schema: z.boolean(),
      default: false,
      fillIfMissing: true,
      label: 'Run read-only commands from the list below without asking',
      hint: 'A command that deletes, overwrites, escalates or pipes a download into a shell always asks',
      control: { kind: 'checkbox', whenOff: 'Off: every command the assistant proposes waits for Run.' },
      testId: 'agent-auto-run',
    }),
    autoRunCommands: custom({
      schema: z.array(CommandPrefix).max(200),
      default: [...DEFAULT_AUTO_RUN_COMMANDS],
      fillIfMissing: true,
      editor: 'agent-auto-run-commands',
    }),
    maxSteps: ordinary({
      schema: wholeNumber(1, 50, 'commands'),
      default: 10,
      fillIfMissing: true,
      label: 'Commands per answer (at most)',
      hint: 'After that many the assistant must answer with what it has',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'agent-max-steps',
      row: { id: 'agent-limits' },
    }),
    handOverSeconds: ordinary({
      schema: wholeNumber(1, 3600, 'seconds'),
      default: 30,
      fillIfMissing: true,
      label: 'Hand a command to you after (seconds)',
      hint: 'A command still running then waits for you, as a full-screen program or a password prompt does at once',
      control: { kind: 'number', inputMode: 'numeric' },
      testId: 'agent-hand-over-seconds',
      row: { id: 'agent-limits' },
    }),
    projectInstructions: ordinary({
      schema: z.boolean(),
      default: true,
      fillIfMissing: true,
      label: "Include the repository's AGENTS.md in the context",
      hint: 'The file at the root of the active directory’s repository, as Codex and other agents read it',
      control: { kind: 'checkbox' },
      testId: 'agent-project-instructions',
    }),
  },
  { title: 'Assistant actions' },
);
