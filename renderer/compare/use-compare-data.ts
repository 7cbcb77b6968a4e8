// SPDX-License-Identifier: MIT
import { useEffect, useRef, useState } from 'react';
import type { CommandRecord } from '../../shared/domain/command';
import { api } from '../transport/api';

export type Load<T> =
  { readonly kind: 'loading' } | { readonly kind: 'ready'; readonly value: T } | { readonly kind: 'failed'; readonly message: string };

const LOADING = { kind: 'loading' } as const;

export interface RunsAnswer {
  /** Newest first, the compared command among them. */
  readonly runs: readonly CommandRecord[];
  readonly capped: boolean;
}

/** The runs of `commandId`'s line (commands:runs), read again when the scope changes. */
export const useRuns = (commandId: string, anywhere: boolean): Load<RunsAnswer> => {
  const [load, setLoad] = useState<Load<RunsAnswer>>(LOADING);
  useEffect(() => {
    let live = true;
    setLoad(LOADING);
    void api.invoke('commands:runs', { commandId, anywhere }).then((result) => {
      if (!live) return;
      setLoad(result.ok ? { kind: 'ready', value: result.value } : { kind: 'failed', message: result.error.message });
    });
    return () => {
      live = false;
    };
  }, [commandId, anywhere]);
  return load;
};

/**
 * The clean output of runs (commands:output, plain: escapes gone, redraws applied), each read once
 * per comparison however often it is picked again.
 */
export const useOutputs = (ids: readonly (string | undefined)[]): readonly Load<string>[] => {
  const cache = useRef(new Map<string, Load<string>>());
  const [, setVersion] = useState(0);
  const key = ids.join('\n');
  useEffect(() => {
    for (const id of ids) {
      if (id === undefined || cache.current.has(id)) continue;
      cache.current.set(id, LOADING);
      void api.invoke('commands:output', { id, format: 'plain' }).then((result) => {
        cache.current.set(id, result.ok ? { kind: 'ready', value: result.value.text } : { kind: 'failed', message: result.error.message });
        setVersion((version) => version + 1);
      });
    }
    // `key` stands for `ids`, whose array is new on every render.
  }, [key]);
  return ids.map((id) => (id === undefined ? LOADING : (cache.current.get(id) ?? LOADING)));
};
