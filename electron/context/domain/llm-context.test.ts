// SPDX-License-Identifier: MIT
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contextFromJson,
  contextProblems,
  contextToJson,
  DEFAULT_SYSTEM_PROMPT,
  newContext,
  toPromptString,
  type Context,
  type ToolDefinition,
} from './llm-context';

const tool: ToolDefinition = {
  name: 'get_commands',
  description: 'Fetch commands',
  parameters: { type: 'object', properties: { command_ids: { type: 'array', items: { type: 'string' } } } },
};

describe('Context', () => {
  it('a tool definition survives a JSON round trip', () => {
    const ctx: Context = { ...newContext('hi'), tools: [tool] };
    expect(contextFromJson(contextToJson(ctx)).tools).toEqual([tool]);
  });

  it('newContext has the default system prompt, no history, no tools and no model', () => {
    const ctx = newContext('what failed?');
    expect(ctx).toEqual({ systemPrompt: DEFAULT_SYSTEM_PROMPT, history: [], currentMessage: 'what failed?', tools: [] });
    expect(ctx.model).toBeUndefined();
  });

  it('a full context round-trips, model included', () => {
    const ctx: Context = {
      systemPrompt: 'sys',
      history: [
        { role: 'user', content: 'q1' },
        { role: 'assistant', content: 'a1' },
      ],
      currentMessage: 'q2',
      tools: [tool],
      model: 'gpt-4o',
    };
    expect(contextFromJson(contextToJson(ctx))).toEqual(ctx);
  });

  it('JSON without tools or model takes the defaults; without a model the key is not written', () => {
    const parsed = contextFromJson('{"systemPrompt":"s","history":[],"currentMessage":"m"}');
    expect(parsed.tools).toEqual([]);
    expect(parsed.model).toBeUndefined();
    expect(contextToJson(parsed)).not.toContain('model');
  });

  it('JSON missing a required field is rejected', () => {
    expect(() => contextFromJson('{"systemPrompt":"s","history":[]}')).toThrow();
  });

  it('renders sections joined by a blank line with the current message last', () => {
    const ctx: Context = {
      systemPrompt: 'Be brief.',
      history: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: 'hi there' },
      ],
      currentMessage: 'why did make fail?',
      tools: [],
    };
    expect(toPromptString(ctx)).toBe('[System]\nBe brief.\n\n[User]\nhello\n\n[Assistant]\nhi there\n\n[User]\nwhy did make fail?');
  });

  it('omits [System] when the system prompt is empty and shows only the message without history', () => {
    expect(toPromptString({ systemPrompt: '', history: [], currentMessage: 'x', tools: [] })).toBe('[User]\nx');
  });

  it('renders any non-user role as [Assistant]', () => {
    const ctx: Context = {
      systemPrompt: '',
      history: [
        { role: 'asistant', content: 'typo' },
        { role: 'tool', content: 't' },
      ],
      currentMessage: 'q',
      tools: [],
    };
    expect(toPromptString(ctx)).toBe('[Assistant]\ntypo\n\n[Assistant]\nt\n\n[User]\nq');
  });

  it('reports the invariants a provider relies on', () => {
    expect(contextProblems(newContext('ok'))).toEqual([]);
    expect(contextProblems({ ...newContext('  '), history: [{ role: 'system', content: 'x' }] })).toEqual([
      'the current message is empty',
      'history[0] has role "system"',
    ]);
  });

  it('invariants hold for any context: never empty, current message always the last section', () => {
    const entry = fc.record({ role: fc.constantFrom('user', 'assistant', 'other'), content: fc.string() });
    fc.assert(
      fc.property(fc.string(), fc.array(entry, { maxLength: 8 }), fc.string({ minLength: 1 }), (systemPrompt, history, msg) => {
        const text = toPromptString({ systemPrompt, history, currentMessage: msg, tools: [] });
        expect(text.length).toBeGreaterThan(0);
        expect(text.endsWith(`[User]\n${msg}`)).toBe(true);
        expect(text.startsWith('[System]\n')).toBe(systemPrompt !== '');
        const roundTrip = contextFromJson(contextToJson({ systemPrompt, history, currentMessage: msg, tools: [] }));
        expect(roundTrip.history).toEqual(history);
      }),
      { numRuns: 200 },
    );
  });
});
