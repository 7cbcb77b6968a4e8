// SPDX-License-Identifier: MIT
import type { Api, EventPayload, InvokeResponse } from '../../../shared/ipc';
import type { Result } from '../../../shared/ipc/define';

/** What `workspace:start` answers: the running terminals, else the restore's answer, else a new terminal. */
export type StartAnswer = InvokeResponse<'workspace:start'>;

/** The events a window's terminals listen to (terminal-workspace.ts), held until they do. */
export const HELD_CHANNELS = ['pty:data', 'pty:mark', 'pty:exit', 'pty:opened', 'pty:closed', 'pty:recording-changed'] as const;
type HeldChannel = (typeof HELD_CHANNELS)[number];
export type HeldEvent = { [K in HeldChannel]: { readonly channel: K; readonly payload: EventPayload<K> } }[HeldChannel];

/** A window's start asked for before its terminals exist (see startEarly). */
export interface EarlyStart {
  /** The answer to `workspace:start`. */
  readonly answer: Promise<Result<StartAnswer>>;
  /**
   * Stops holding and hands over what came meanwhile, in order: called once the terminals listen
   * themselves (a new terminal's first output may well come before they do).
   */
  release(): readonly HeldEvent[];
}

/**
 * The start's answer once it came: undefined when none was asked or it failed, and the caller asks
 * for each part itself (the server answers those the same way).
 */
export const answerOf = async (answer: EarlyStart['answer'] | undefined): Promise<StartAnswer | undefined> => {
  const result = await answer?.catch(() => undefined);
  return result?.ok ? result.value : undefined;
};

/**
 * Asks for the window's start (`workspace:start`) at once, from the page's first, small script
 * (renderer/main.tsx), so the socket's handshake, the restore and the new shell's start run while
 * the browser still loads and evaluates the rest of the page, which used to come first and take
 * most of the time to the first prompt. Only for a page that shows no terminal yet.
 */
export const startEarly = (api: Pick<Api, 'invoke' | 'on'>, size: { readonly cols: number; readonly rows: number }): EarlyStart => {
  const held: HeldEvent[] = [];
  const stops = HELD_CHANNELS.map((channel) => api.on(channel, (payload) => void held.push({ channel, payload } as HeldEvent)));
  const answer = api.invoke('workspace:start', size);
  let released = false;
  return {
    answer,
    release: () => {
      if (released) return [];
      released = true;
      for (const stop of stops) stop();
      return held.splice(0);
    },
  };
};
