// SPDX-License-Identifier: MIT
import type { SyncBackend } from './backend';
import { open, seal } from './sealed';
import type { SyncLayout } from './sync-format';
import type { SyncKeys } from './sync-keys';
import { SyncError } from './sync-error';

/**
 * The bucket's key check: a known text sealed with the check sub-key at `PREFIX/check`. Every run
 * opens it before writing anything, so a device holding another key (a mistyped phrase that still
 * passed the checksum, a bucket shared with another group) is refused with nothing written.
 */
const CHECK_TEXT = 'contexterm sync key check v1';

export const writeKeyCheck = async (backend: SyncBackend, layout: SyncLayout, keys: SyncKeys): Promise<void> => {
  if ((await backend.get(layout.check)) !== undefined) {
    throw new SyncError(
      'already-set-up',
      `${backend.where} already holds a sync group here; use 'contexterm sync join --phrase …' with its phrase`,
    );
  }
  await backend.put(layout.check, seal(keys.check, layout.check, Buffer.from(CHECK_TEXT)));
};

export const verifyKey = async (backend: SyncBackend, layout: SyncLayout, keys: SyncKeys): Promise<void> => {
  const object = await backend.get(layout.check);
  if (object === undefined) {
    throw new SyncError(
      'not-set-up',
      `${backend.where} holds no sync group under this prefix; run 'contexterm sync init' on the first device`,
    );
  }
  let text: string;
  try {
    text = Buffer.from(open(keys.check, layout.check, object)).toString('utf8');
  } catch {
    throw new SyncError('wrong-key', `that recovery phrase does not open the sync group in ${backend.where}; nothing was written`);
  }
  if (text !== CHECK_TEXT) throw new SyncError('wrong-key', `the key check in ${backend.where} is not ours; nothing was written`);
};
