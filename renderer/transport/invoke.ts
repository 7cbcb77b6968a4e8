// SPDX-License-Identifier: MIT
import type { InvokeChannel, InvokeRequest, InvokeResponse, Result } from '../../shared/ipc';
import { api } from './api';

/**
 * `api.invoke` with a dropped connection turned into a failed Result instead of a rejection, so
 * the pane and the settings page handle every failure one way (and none goes unhandled).
 */
export const invoke = async <K extends InvokeChannel>(channel: K, request: InvokeRequest<K>): Promise<Result<InvokeResponse<K>>> => {
  try {
    return await api.invoke(channel, request);
  } catch (error) {
    return { ok: false, error: { code: 'failed', message: (error as Error)?.message ?? String(error) } };
  }
};
