// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import { agentChannels } from './agent';
import { appChannels } from './app';
import { assistantChannels } from './assistant';
import { commandsChannels } from './commands';
import { contextChannels } from './context';
import { historyChannels, syncChannels } from './history';
import { inlineAskChannels } from './inline-ask';
import { mcpChannels } from './mcp';
import type { EventDef, InvokeDef, Result, SendDef } from './define';
import { ptyChannels } from './pty';
import { sessionChannels } from './session';
import { workspaceChannels } from './workspace';
import { settingsChannels } from './settings';
import { sshChannels } from './ssh';

export const channels = {
  ...agentChannels,
  ...appChannels,
  ...assistantChannels,
  ...commandsChannels,
  ...contextChannels,
  ...historyChannels,
  ...inlineAskChannels,
  ...mcpChannels,
  ...ptyChannels,
  ...sessionChannels,
  ...workspaceChannels,
  ...settingsChannels,
  ...sshChannels,
  ...syncChannels,
} as const;

type Channels = typeof channels;
export type ChannelName = keyof Channels;

type NamesOf<Kind> = { [K in ChannelName]: Channels[K] extends Kind ? K : never }[ChannelName];
export type InvokeChannel = NamesOf<InvokeDef>;
export type SendChannel = NamesOf<SendDef>;
export type EventChannel = NamesOf<EventDef>;

type Def<K extends ChannelName> = Channels[K];
export type InvokeRequest<K extends InvokeChannel> = Def<K> extends InvokeDef<infer Req> ? z.input<Req> : never;
/** The request after validation (defaults applied), as handlers see it. */
export type InvokeParsed<K extends InvokeChannel> = Def<K> extends InvokeDef<infer Req> ? z.output<Req> : never;
export type InvokeResponse<K extends InvokeChannel> = Def<K> extends InvokeDef<z.ZodType, infer Res> ? z.output<Res> : never;
export type SendArgs<K extends SendChannel> = Def<K> extends SendDef<infer A> ? z.output<A> : never;
export type EventPayload<K extends EventChannel> = Def<K> extends EventDef<infer P> ? z.output<P> : never;

/** The one object the renderer talks to; the Electron preload and the WebSocket client both provide it. */
export interface Api {
  invoke<K extends InvokeChannel>(channel: K, request: InvokeRequest<K>): Promise<Result<InvokeResponse<K>>>;
  send<K extends SendChannel>(channel: K, args: SendArgs<K>): void;
  on<K extends EventChannel>(channel: K, listener: (payload: EventPayload<K>) => void): () => void;
}

/** What a transport must move; the Api adds the types on top. */
export interface RawTransport {
  invoke(channel: string, payload: unknown): Promise<unknown>;
  send(channel: string, payload: unknown): void;
  on(channel: string, listener: (payload: unknown) => void): () => void;
}

export const isChannel = (name: unknown): name is ChannelName =>
  typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);

export * from './define';
