// SPDX-License-Identifier: MIT
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/** Loads a component's chunk (a dynamic import). */
export type Loader<P> = () => Promise<ComponentType<P>>;

/** What stands in for a part whose chunk would not load even on a second try. */
const Unloaded = () => (
  <div className="banner error" role="alert" data-testid="part-unloaded">
    This part of the window could not be loaded. Reload the page.
  </div>
);

/**
 * A component that lives in a chunk of its own, shown in `fallback` (nothing by default) until the
 * chunk is in. A failed load is tried once more, then the part says so in its place: React.lazy
 * keeps a rejection, and a throw while rendering would take the whole window down with it.
 */
export const lazyPart = <P extends object>(load: Loader<P>, fallback: ReactNode = null) => {
  const Part = lazy(() =>
    load()
      .catch(() => new Promise((resolve) => setTimeout(resolve, 300)).then(load))
      .then(
        (component) => ({ default: component }),
        () => ({ default: Unloaded as ComponentType<P> }),
      ),
  );
  const Shown = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  return Shown;
};
