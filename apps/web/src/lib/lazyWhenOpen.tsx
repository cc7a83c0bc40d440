// Dialogs are a large part of a page's script and most visits open none: a dialog made with
// lazyWhenOpen fetches its code the first time its `open` turns true, and stays mounted
// after that (so it can animate out and keep its state as before). While the code loads, a
// dimmed overlay with a spinner shows that the click was taken.
import { Loader2 } from 'lucide-react';
import { type ComponentType, Suspense, useState } from 'react';
import { lazyComponent } from './lazyComponent';

function Loading() {
  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/50" role="status">
      <Loader2 className="h-6 w-6 animate-spin text-white" aria-label="Loading" />
    </div>
  );
}

export function lazyWhenOpen<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazyComponent(load);
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level
  function LazyWhenOpen(props: P) {
    const [opened, setOpened] = useState(props.open);
    // Adjusting state while rendering (React's documented pattern): the first open mounts it.
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={props.open ? <Loading /> : null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyWhenOpen;
}
