// SPDX-License-Identifier: MIT
import { DomainError } from '../../shared/ipc/define';
import { formatFieldErrors, type SettingsView } from '../../shared/ipc/settings';
import type { SettingsService } from '../settings/settings-service';
import type { InvokeHandlers } from './router';

export type SettingsHandlers = Pick<
  InvokeHandlers,
  'settings:get' | 'settings:set' | 'settings:test-provider' | 'settings:set-key' | 'settings:delete-key' | 'models:list'
>;

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
      // The renderer maps these `path: message` lines back onto its form fields.
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
