// SPDX-License-Identifier: MIT
import type { z } from 'zod';
import { DomainError, type InvokeDef } from '../../shared/ipc/define';
import { formatFieldErrors, type settingsChannels, type SettingsView } from '../../shared/ipc/settings';
import type { SettingsService } from './settings-service';

type Channels = typeof settingsChannels;
type InvokeName = { [K in keyof Channels]: Channels[K] extends InvokeDef ? K : never }[keyof Channels];
type Request<K extends InvokeName> = Channels[K] extends InvokeDef<infer Req> ? z.output<Req> : never;
type Response<K extends InvokeName> = Channels[K] extends InvokeDef<z.ZodType, infer Res> ? z.output<Res> : never;

/** Same shape as the router's InvokeHandlers for these channels, so they merge in directly. */
export type SettingsHandlers = { [K in InvokeName]: (request: Request<K>) => Promise<Response<K>> };

/**
 * Handlers for the settings channels. `onChanged` receives the new view after a save or a key
 * change, for the `settings:changed` broadcast; the view never holds a key.
 */
export const createSettingsHandlers = (
  service: SettingsService,
  onChanged: (view: SettingsView) => void = () => undefined,
): SettingsHandlers => {
  const changed = async <T>(result: T): Promise<T> => {
    onChanged(await service.view());
    return result;
  };
  return {
    'settings:get': () => service.view(),
    'settings:set': async (request) => {
      const result = await service.update(request);
      if (!result.ok) throw new DomainError('invalid-payload', formatFieldErrors(result.fieldErrors));
      onChanged(result.view);
      return result.view;
    },
    'settings:test-provider': (request) => service.testProvider(request.providerId, request.provider, request.model),
    'settings:set-key': async (request) => {
      await service.setKey(request.providerId, request.key);
      return changed({ hasKey: true });
    },
    'settings:delete-key': async (request) => {
      await service.deleteKey(request.providerId);
      return changed({ hasKey: await service.hasKey(request.providerId) });
    },
    'models:list': (request) => service.listModels(request.providerId, request.refresh ?? false),
  };
};
