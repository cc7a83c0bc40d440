// A lazy component whose code is in renders at once; React.lazy shows the fallback first.
import { lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazyComponent';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}
const render = (node: React.ReactNode) =>
  renderToString(<Suspense fallback={<p>loading</p>}>{node}</Suspense>);

describe('lazyComponent', () => {
  it('renders a loaded component directly, with its props, where React.lazy would still suspend', async () => {
    const load = async () => Greeting;
    const Plain = lazy(async () => ({ default: await load() }));
    const Ours = lazyComponent(load);
    await Ours.preload();
    // React.lazy's loader has not even been called yet: it starts on the first render.
    expect(render(<Plain name="Ada" />)).toContain('loading');
    expect(render(<Ours name="Ada" />)).toContain('Hello <!-- -->Ada');
  });

  it('suspends while the code is not in, and starts the download only once', async () => {
    let calls = 0;
    const Ours = lazyComponent(async () => {
      calls++;
      return Greeting;
    });
    expect(render(<Ours name="Ada" />)).toContain('loading');
    await Ours.preload();
    await Ours.preload();
    expect(calls).toBe(1);
    expect(render(<Ours name="Ada" />)).toContain('Hello');
  });

  it('preload settles even when the download fails (the page shows that failure)', async () => {
    const Ours = lazyComponent(async () => {
      throw new Error('offline');
    });
    await expect(Ours.preload()).resolves.toBeUndefined();
  });
});
