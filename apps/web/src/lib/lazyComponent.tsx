// React.lazy, except that a component whose code is already in renders at once. React.lazy
// suspends the first time each lazy component renders even when its download has finished,
// and React then shows the nearest <Suspense> fallback and holds the content back for up to
// 300 ms (its reveal throttle): a signed-in first page waited that long after all its
// scripts were in. Each mount decides once, so a component never switches from the lazy
// path to the direct one while mounted (that would remount it and lose its state).
import { type ComponentType, lazy, useState } from 'react';

export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Starts the download ahead of rendering; settles once it is in, or failed. */
  preload: () => Promise<void>;
};

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load().then((Component) => {
      loaded = Component;
      return { default: Component };
    });
    return loading;
  };
  const Lazy = lazy(start) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level
  function LazyOrLoaded(props: P) {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  // A failed download shows where the component renders (an error boundary), not here.
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(LazyOrLoaded, { preload });
}
