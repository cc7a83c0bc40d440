// Every page is its own chunk, fetched when its route is first rendered or navigated to. The
// <Suspense> in app/router.tsx waits for it on the first page; a navigation waits for it before
// changing the address (app/router.tsx), keeping the previous page on screen meanwhile.
import type { ComponentType } from 'react';
import { type LazyComponent, lazyComponent } from './lazyComponent';

export type LazyPage = LazyComponent<Record<string, never>>;

export const lazyPage = (load: () => Promise<ComponentType>): LazyPage => lazyComponent(load);
