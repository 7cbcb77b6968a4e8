// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import type { CommandRecord } from '../../../shared/domain/command';
import { ContextEngine } from '../context-engine';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import {
  InMemoryConversationRepository,
  InMemoryModelConfigRepository,
  InMemoryRedactionSettingsRepository,
} from '../testing/in-memory-repositories';
import { renderCatalogEntry } from './catalog';
import { getCommands, toolResultJson } from './get-commands-tool';
import { renderCommandBlock } from './recent-commands';
import { DEFAULT_REDACTION_SETTINGS, Redactor } from '../redaction';

const NOW = 1_750_000_000_000;

/** Anything a terminal acts on or a renderer reorders; tabs and newlines are text. */
const HIDDEN = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]/;

/**
 * A command run on a hostile remote: it chose its own command line (as echoed), working directory,
 * user and host, each with C0, C1 and ESC sequences (a title change, an OSC 8 link, a DCS request,
 * a clear screen) and a bidi override.
 */
const hostile = (sessionId: string, seq: number): CommandRecord =>
  commandRecord({
    sessionId,
    seq,
    commandLine: `cat notes-${seq}\x1b]0;pwned\x07 \x9d8;;http://evil/\x9c\x1b[2J\u202e`,
    cwd: '/srv/\x1b]0;cwd\x07\x9b2J\x7f',
    hostname: 'box\x1b[31m\x90$qm\x9c',
    remote: { host: 'evil\x1b]0;host\x1b\\', user: 'root\x07\x9b2J\u2066' },
    startedAt: NOW - (10 - seq) * 60_000,
    endedAt: NOW - (10 - seq) * 60_000 + 500,
    exitCode: seq % 2,
    outputStart: 0,
    outputEnd: 20,
    outputSummary: `line ${seq} of output`,
  });

/** Every string inside a value (a context, a preview, a parsed tool result). */
const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
};

const expectClean = (value: unknown) => {
  const dirty = strings(value).filter((s) => HIDDEN.test(s));
  expect(dirty).toEqual([]);
};

const source = () => {
  const commands = new InMemoryCommandSource(() => NOW);
  for (const sessionId of ['remote', 'other']) {
    for (let seq = 0; seq < 6; seq++) commands.addCommand(hostile(sessionId, seq), `line ${seq} of output`);
  }
  return commands;
};

const redactor = new Redactor(DEFAULT_REDACTION_SETTINGS);

describe('model-bound text from hostile remote records', () => {
  it('has no control or bidi characters in a whole request: recent blocks, pinned commands, catalog, short track', async () => {
    const engine = await ContextEngine.create({
      commands: source(),
      conversations: new InMemoryConversationRepository(),
      modelConfigs: new InMemoryModelConfigRepository(),
      redactionSettings: new InMemoryRedactionSettingsRepository(),
      now: () => NOW,
    });
    engine.commandFinished(hostile('remote', 5));
    const { context, preview } = await engine.buildRequest({
      question: 'what happened?',
      model: 'gpt-4o',
      sessionId: 'remote',
      pinnedCommandIds: ['other:2'],
    });
    const ids = preview.sections.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['short-track', 'pinned', 'recent-commands', 'catalog']));
    expectClean(context);
    expectClean(preview);
    // Shown, not dropped: the model (and the user reading the preview) can tell something is there.
    expect(context.currentMessage).toContain('cat notes-5␛]0;pwned␇ ␛]8;;http://evil/␛\\␛[2J⟨U+202E⟩');
    expect(context.currentMessage).toContain('root␇␛[2J⟨U+2066⟩@box␛[31m␛P$qm␛\\ over ssh');
  });

  it('has none in a get_commands result, fields and JSON text alike', async () => {
    const result = await getCommands(source(), ['remote:1', 'other:3'], redactor);
    expectClean(result);
    const json = toolResultJson(result);
    // JSON.stringify would escape a C0 control as \u001b: the model would still read it.
    expect(json).not.toMatch(/\\u00[01][0-9a-f]|\\u007f/i);
    expectClean(JSON.parse(json));
    expect(result.commands[0]).toMatchObject({ cwd: '/srv/␛]0;cwd␇␛[2J␡', host: 'root␇␛[2J⟨U+2066⟩@box␛[31m␛P$qm␛\\ over ssh' });
  });

  it('has none in a catalog entry or a command block rendered on their own', () => {
    const entry = renderCatalogEntry({ command: hostile('other', 4), score: 0.5 }, NOW, redactor);
    expectClean(entry.text);
    const record = hostile('remote', 1);
    expectClean(renderCommandBlock(record.commandLine, 'out', `${record.remote!.user}@${record.hostname}`));
  });
});
