// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandRecord } from '../../../shared/testing/command-record';
import { commandAction, extractKnowledge, summarizeOutput, TwoTrackMemory, type RecentAction } from './memory';

const action = (tool: string, outcome: RecentAction['outcome'], summary: string): RecentAction => ({
  tool,
  outcome,
  summary,
  timestamp: 1,
});

describe('RecentAction', () => {
  it('carries tool, outcome, summary and a timestamp from the clock', () => {
    const memory = new TwoTrackMemory({ now: () => 42 });
    memory.handle({ type: 'tool-result', name: 'read_file', output: 'Read 50 lines', isError: false });
    expect(memory.recentActions()).toEqual([{ tool: 'read_file', outcome: 'success', summary: 'Read 50 lines', timestamp: 42 }]);
  });

  it('knows the three outcomes', () => {
    const memory = new TwoTrackMemory();
    memory.handle({ type: 'tool-result', name: 't', output: 's', isError: false });
    memory.handle({ type: 'tool-result', name: 't', output: 's', isError: true });
    memory.handle({ type: 'tool-result', name: 't', output: 's', isError: false, partial: true });
    expect(memory.recentActions().map((a) => a.outcome)).toEqual(['success', 'error', 'partial']);
  });
});

describe('TwoTrackMemory', () => {
  it('a tool success adds a recent action', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.handle({ type: 'tool-result', name: 'get_commands', output: 'file content here', isError: false });
    expect(memory.recentActions()).toHaveLength(1);
    expect(memory.recentActions()[0]).toMatchObject({ tool: 'get_commands', outcome: 'success' });
  });

  it('a tool error adds an action with the error outcome', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.handle({ type: 'tool-result', name: 'write_file', output: 'Permission denied', isError: true });
    expect(memory.recentActions()[0]!.outcome).toBe('error');
  });

  it('a completed conversation adds knowledge', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.handle({ type: 'conversation-complete', key: 'agent-lint-1', result: { summary: 'Fixed 3 lint errors' } });
    expect(memory.knowledge().get('agent-lint-1')).toBe('Fixed 3 lint errors');
  });

  it('after a forget, knowledge from summaries is replaced by the redacted ones; other knowledge stays', () => {
    const memory = new TwoTrackMemory();
    memory.handle({ type: 'compaction-summary', conversationId: 'c1', summary: 'ran ls /secret-dir-9f' });
    memory.handle({ type: 'compaction-summary', conversationId: 'c2', summary: 'an old one' });
    memory.addKnowledge('deploy', 'done');
    memory.replaceSummaries([{ conversationId: 'c1', summary: 'ran [forgotten]' }]);
    expect([...memory.knowledge()]).toEqual([
      ['deploy', 'done'],
      ['conversation c1', 'ran [forgotten]'],
    ]);
  });

  it('the window keeps only the newest actions', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    for (let i = 0; i < 10; i++) memory.handle({ type: 'tool-result', name: `tool-${i}`, output: `output-${i}`, isError: false });
    const actions = memory.recentActions();
    expect(actions).toHaveLength(5);
    expect(actions[0]!.tool).toBe('tool-5');
    expect(actions.at(-1)!.tool).toBe('tool-9');
  });

  it('renders ## Recent Actions with ✓ and ✗', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.push(action('read_file', 'success', 'Read main.py'));
    memory.push(action('lint', 'error', '3 errors found'));
    memory.push(action('fetch', 'partial', 'first page only'));
    const section = memory.renderPromptSection();
    expect(section).toBe('## Recent Actions\n- ✓ read_file: Read main.py\n- ✗ lint: 3 errors found\n- ✗ fetch: first page only');
  });

  it('renders ## Knowledge after a blank line when there is knowledge', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.addKnowledge('agent-1', 'Fixed bugs');
    memory.addKnowledge('agent-2', 'Added tests');
    expect(memory.renderPromptSection()).toBe('## Recent Actions\n\n## Knowledge\n- agent-1: Fixed bugs\n- agent-2: Added tests');
  });

  it('shows only the newest 10 of a full window', () => {
    const memory = new TwoTrackMemory();
    for (let i = 0; i < 20; i++) memory.push(action(`t${i}`, 'success', 's'));
    const section = memory.renderPromptSection();
    expect(section).not.toContain('t9:');
    expect(section).toContain('t10:');
    expect(section.split('\n')).toHaveLength(11);
  });

  it('clear removes both tracks', () => {
    const memory = new TwoTrackMemory({ windowSize: 5 });
    memory.push(action('test', 'success', 'done'));
    memory.addKnowledge('agent-1', 'knowledge');
    memory.clear();
    expect(memory.recentActions()).toHaveLength(0);
    expect(memory.knowledge().size).toBe(0);
  });

  it('defaults to a window of 20 and accepts another size', () => {
    expect(new TwoTrackMemory().windowSize).toBe(20);
    expect(new TwoTrackMemory({ windowSize: 50 }).windowSize).toBe(50);
  });

  it('marks finished commands ✓/✗ by exit code, with the last output line', () => {
    const memory = new TwoTrackMemory();
    memory.handle({
      type: 'command-finished',
      command: commandRecord({
        sessionId: 's',
        seq: 1,
        commandLine: 'cargo build',
        exitCode: 101,
        outputSummary: 'Compiling x\nerror: could not compile `x`\n',
      }),
    });
    memory.handle({ type: 'command-finished', command: commandRecord({ sessionId: 's', seq: 2, commandLine: 'ls', exitCode: 0 }) });
    expect(memory.renderPromptSection()).toBe(
      '## Recent Actions\n- ✗ $ cargo build: exit 101 · error: could not compile `x`\n- ✓ $ ls: exit 0',
    );
    expect(commandAction(commandRecord({ sessionId: 's', seq: 3, commandLine: 'sleep 99' })).outcome).toBe('partial');
  });

  it('reports `exit`, which ended the shell, as that and not as a failure (issue 21)', () => {
    const memory = new TwoTrackMemory();
    memory.handle({
      type: 'command-finished',
      command: commandRecord({ sessionId: 's', seq: 1, commandLine: 'exit', exitCode: null, endedAt: 5, endedShell: true }),
    });
    expect(memory.renderPromptSection()).toBe('## Recent Actions\n- • $ exit: ended the shell');
    expect(memory.renderPromptSection()).not.toMatch(/✗|unknown/);
    // Without that fact, no exit status still reads as unknown.
    expect(commandAction(commandRecord({ sessionId: 's', seq: 2, commandLine: 'exit', endedAt: 5 })).summary).toBe('exit unknown');
  });

  it('keeps compaction summaries as knowledge, newest last, bounded', () => {
    const memory = new TwoTrackMemory({ maxKnowledge: 2 });
    for (const id of ['c1', 'c2', 'c3']) memory.handle({ type: 'compaction-summary', conversationId: id, summary: `talked about ${id}` });
    expect([...memory.knowledge().keys()]).toEqual(['conversation c2', 'conversation c3']);
  });

  it('puts related long-track material first and survives a failing store', async () => {
    const ok = new TwoTrackMemory({ store: { related: () => ['a', 'b', 'c', 'd', 'e', 'f'] } });
    expect(await ok.buildContextFor('x')).toBe('## Related\n- a\n- b\n- c\n- d\n- e\n## Recent Actions');
    const failing = new TwoTrackMemory({ store: { related: () => Promise.reject(new Error('index gone')) } });
    expect(await failing.buildContextFor('x')).toBe('## Recent Actions');
  });

  it('ignores events it does not know and knowledge events without a result', () => {
    const memory = new TwoTrackMemory();
    memory.handle({ type: 'conversation-complete', key: 'k', result: null });
    memory.handle({ type: 'unknown' } as never);
    expect(memory.knowledge().size).toBe(0);
    expect(memory.recentActions()).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('summarizeOutput: none, objects, lists and long text', () => {
    expect(summarizeOutput(null)).toBe('no output');
    expect(summarizeOutput({ foo: 1, bar: 2 })).toBe('object(foo, bar)');
    expect(summarizeOutput([1, 2, 3])).toBe('list[3 items]');
    const long = summarizeOutput('x'.repeat(200), 100);
    expect(long).toHaveLength(100);
    expect(long.endsWith('...')).toBe(true);
  });

  it('extractKnowledge: summary, message content, field list, empty', () => {
    expect(extractKnowledge({ summary: 'Fixed 5 bugs' })).toBe('Fixed 5 bugs');
    expect(extractKnowledge({ message: { content: 'Hello world' } })).toBe('Hello world');
    expect(extractKnowledge({ message: { content: 'y'.repeat(150) } })).toHaveLength(100);
    expect(extractKnowledge({ foo: 1, bar: 2, _private: 3 })).toBe('fields: foo, bar');
    expect(extractKnowledge({})).toBe('completed');
    expect(extractKnowledge(null)).toBe('no result');
  });
});
