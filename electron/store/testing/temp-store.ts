// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, expect } from 'vitest';
import { openStore, type Store } from '../store';
import { makeTempDir, type TempDir } from './fixtures';

/**
 * A real store (its worker threads, a database file) in a fresh temp dir for each test of the
 * calling file or describe block; any write error fails the test. Read `.store` inside tests.
 */
export const useTempStore = (): { readonly store: Store } => {
  let dir: TempDir | undefined;
  let store: Store | undefined;
  beforeEach(async () => {
    dir = makeTempDir();
    store = (await openStore({ dataDir: dir.path, onError: (error) => expect.fail(error.message) })).store;
  });
  afterEach(async () => {
    await store?.close();
    dir?.remove();
  });
  return {
    get store() {
      if (!store) throw new Error('the temp store opens in beforeEach');
      return store;
    },
  };
};
