// SPDX-License-Identifier: MIT
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { ChatMessage, ChatRequest, FinishReason, ProviderKind, ToolDefinition } from './types';

const toOpenAIMessages = (messages: readonly ChatMessage[]): ChatCompletionMessageParam[] =>
  messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content };
      case 'user':
        return { role: 'user', content: message.content };
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          // The spec allows null content next to tool calls; llama.cpp and Ollama reject "" there.
          content: message.content === '' ? null : message.content,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        };
      }
    }
  });

export const toOpenAITools = (tools: readonly ToolDefinition[]): ChatCompletionTool[] =>
  tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));

/**
 * The streaming request body. For the final round (`toolChoice: none`) the tools are left out
 * entirely rather than sent with `tool_choice: "none"`: several OpenAI-compatible servers ignore
 * tool_choice, and the API accepts tool calls in the history without a tools list.
 */
export const toOpenAIRequest = (request: ChatRequest, kind: ProviderKind): ChatCompletionCreateParamsStreaming => {
  const tools = request.toolChoice === 'none' ? [] : (request.tools ?? []);
  return {
    model: request.model,
    messages: toOpenAIMessages(request.messages),
    stream: true,
    stream_options: { include_usage: true },
    ...(tools.length > 0 ? { tools: toOpenAITools(tools) } : {}),
    ...(request.maxOutputTokens === undefined
      ? {}
      : // OpenAI's newer models only accept max_completion_tokens; local servers know max_tokens.
        kind === 'openai'
        ? { max_completion_tokens: request.maxOutputTokens }
        : { max_tokens: request.maxOutputTokens }),
  };
};

export const openAIFinishReason = (raw: string): FinishReason => {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
};
