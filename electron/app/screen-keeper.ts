// SPDX-License-Identifier: MIT
import { TerminalMarkSchema, type TerminalSnapshot } from '../../shared/ipc/pty';
import { SCREENS_KEY, type ScreensForgotten } from '../store/history/kept-screens';
import type { KeptMark } from './restored-screen';

/** One terminal's kept screen: the serialized text and its gutter marks. */
export interface KeptScreen {
  readonly data: string;
  readonly marks: readonly KeptMark[];
}

/** Lines of a terminal's screen and history kept for the next run: a few screenfuls, not the session. */
export const KEPT_LINES = 200;

/** How often changed screens are kept (and once more at shutdown). */
const KEEP_EVERY_MS = 15_000;

export interface ScreenKeeperDeps {
  /** Terminals whose screen may be kept (recorded, running): private ones are never listed. */
  readonly keepable: () => readonly string[];
  /** Output position of a terminal: unchanged means its kept screen is still current. */
  readonly written: (id: string) => number | undefined;
  readonly screen: (id: string, keep: number) => Promise<TerminalSnapshot> | undefined;
  readonly kv: { get(key: string): Promise<string | undefined>; set(key: string, value: string): Promise<void> };
  /** Calls `listener` with each terminal that closes: what is kept for it goes (its screen at the next pass). */
  readonly onClosed?: (listener: (id: string) => void) => void;
  readonly log?: (message: string) => void;
}

/** Reads the screens kept by the last run (empty when none or damaged). */
export const keptScreens = async (kv: ScreenKeeperDeps['kv']): Promise<Record<string, KeptScreen>> => {
  try {
    const parsed: unknown = JSON.parse((await kv.get(SCREENS_KEY)) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    const screens: Record<string, KeptScreen> = {};
    for (const [id, value] of Object.entries(parsed as Record<string, { data?: unknown; marks?: unknown }>)) {
      if (typeof value?.data !== 'string') continue;
      const marks = Array.isArray(value.marks) ? value.marks : [];
      screens[id] = {
        data: value.data,
        marks: marks.flatMap((m: { line?: unknown; mark?: unknown }) => {
          const mark = TerminalMarkSchema.safeParse(m?.mark);
          return mark.success && typeof m.line === 'number' ? [{ line: m.line, mark: mark.data }] : [];
        }),
      };
    }
    return screens;
  } catch {
    return {};
  }
};

export interface ScreenKeeper {
  flush(): Promise<void>;
  dispose(): void;
  previous(): Promise<Record<string, KeptScreen>>;
  release(): void;
  /** A restored terminal `fresh` shows the kept screen of `old` above its shell: forgetting from `old` reaches it. */
  continues(fresh: string, old: string): void;
  /** Never keeps these terminals' screens again and drops the kept ones (a pause: "don't keep this"; a line kept out of the record). */
  unkeep(ids: readonly string[]): Promise<void>;
  /**
   * Runs a forget's erase (which drops the kept screens it touched in its own transaction) with no
   * keeping pass in between, then never keeps the touched sessions' screens again: their mirrors
   * still show what was forgotten. Their restore rebuilds the screen from the recorded output (rebuilt-screen.ts), which no
   * longer holds it.
   */
  forgetting<T extends { readonly screens: ScreensForgotten }>(erase: () => Promise<T>): Promise<T>;
}

/**
 * Keeps each recorded terminal's screen (the mirror's serialized normal buffer, bounded) in the
 * settings table, so the next start shows what was on screen rather than re-cleaned raw bytes.
 * Off the hot path: a timer, only terminals that printed since, the parse in the mirror worker;
 * and once more at shutdown, before the terminals are killed. Terminals gone are dropped.
 * Passes and forgets run one at a time, so a pass never writes back a screen a forget just dropped.
 */
export const keepScreens = (deps: ScreenKeeperDeps): ScreenKeeper => {
  const kept = new Map<string, { written: number; screen: KeptScreen }>();
  /** Sessions never kept again (forgotten from, or paused). */
  const unkept = new Set<string>();
  /** Restored terminal → the session whose screen it shows above its shell. */
  const continued = new Map<string, string>();
  // Its kept screen goes at the next pass, which writes the table without it (it is not keepable).
  deps.onClosed?.((id) => {
    unkept.delete(id);
    continued.delete(id);
  });
  let queue: Promise<unknown> = Promise.resolve();
  let queued: Promise<void> | undefined;
  /** The last run's screens, kept alongside until the start-up restore has used them. */
  let previous: Promise<Record<string, KeptScreen>> | undefined = keptScreens(deps.kv);
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const done = queue.then(task);
    queue = done.catch(() => undefined);
    return done;
  };
  const forgetIds = (ids: Iterable<string>, all: boolean) => {
    for (const id of ids) unkept.add(id);
    for (const [fresh, old] of continued) if (unkept.has(old)) unkept.add(fresh);
    if (all) for (const id of [...deps.keepable(), ...kept.keys()]) unkept.add(id);
    const drop = (screens: Record<string, KeptScreen>) =>
      all ? {} : Object.fromEntries(Object.entries(screens).filter(([id]) => !unkept.has(id)));
    if (previous) previous = previous.then(drop);
  };
  const pass = async () => {
    const old = previous ? await previous : {};
    const ids = deps.keepable().filter((id) => !unkept.has(id));
    let changed = [...kept.keys()].some((id) => !ids.includes(id));
    for (const id of [...kept.keys()]) if (!ids.includes(id)) kept.delete(id);
    for (const id of ids) {
      const written = deps.written(id);
      if (written === undefined || kept.get(id)?.written === written) continue;
      const snapshot = await deps.screen(id, KEPT_LINES)?.catch(() => undefined);
      // Unkept while its snapshot was on its way (a line kept out of the record, a pause): it must
      // not be written even once.
      if (!snapshot || unkept.has(id)) continue;
      kept.set(id, { written, screen: { data: snapshot.data, marks: snapshot.marks.map(({ offset, mark }) => ({ line: offset, mark })) } });
      changed = true;
    }
    if (changed)
      await deps.kv.set(SCREENS_KEY, JSON.stringify({ ...old, ...Object.fromEntries([...kept].map(([id, { screen }]) => [id, screen])) }));
  };
  const run = () =>
    (queued ??= serial(() => {
      queued = undefined;
      return pass();
    }).catch((error: unknown) => deps.log?.(`screen keeper: ${String(error)}`)));
  const timer = setInterval(() => void run(), KEEP_EVERY_MS);
  timer.unref?.();
  return {
    flush: () => run(),
    dispose: () => clearInterval(timer),
    previous: () => previous ?? Promise.resolve({}),
    release: () => {
      previous = undefined;
    },
    continues: (fresh, old) => void continued.set(fresh, old),
    unkeep: (ids) => {
      forgetIds(ids, false);
      return run();
    },
    forgetting: (erase) =>
      serial(async () => {
        const result = await erase();
        // What the erase dropped from the table goes from memory too, or the next pass writes it back;
        // this pass also drops what the erase could not know of (restored terminals continuing it).
        forgetIds(result.screens.sessionIds, result.screens.all);
        await pass().catch((error: unknown) => deps.log?.(`screen keeper: ${String(error)}`));
        return result;
      }),
  };
};
