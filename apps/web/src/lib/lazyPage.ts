// Every page is its own chunk, fetched when its route is first rendered or navigated to. The
// <Suspense> in app/router.tsx waits for it on the first page; a navigation waits for it before
// changing the address (app/router.tsx), keeping the previous page on screen meanwhile.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts the download ahead of rendering (app/router.tsx); settles once it is in, or failed. */
  preload: () => Promise<void>;
};

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | null = null;
  const start = () => {
    loading ??= load().then((Page) => ({ default: Page }));
    return loading;
  };
  // A failed download is shown when the page renders (app/layout's PageErrorBoundary), not here.
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Object.assign(lazy(start), { preload });
}
