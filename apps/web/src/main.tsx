import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadSignedInItems } from './app/layout/Header';
import { AppRouter, preloadFirstPage } from './app/router';
import { loadStore } from './lib/lazyStore';
import { storedSession } from './lib/storedSession';
import './index.css';

// The server sends the page with a style nonce (apps/server/src/web-app.ts); the <style>
// that dialogs add to lock scrolling carries it, so the strict CSP lets it through.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);

// As a transition, React renders the first page in slices that let the browser breathe
// (input, paint) instead of one long task.
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
};

// The first render waits for the chunks of the page opened (and, for a signed-in user, for
// the store with their session), so it draws the whole page at once over the header that
// index.html shows meanwhile, never a blank page in between. A signed-in user's first
// render already shows them signed in (lib/lazyStore.ts); all of it is fetched side by side.
const firstPage = preloadFirstPage();
if (storedSession()) Promise.all([firstPage, loadStore(), preloadSignedInItems()]).then(render, render);
else firstPage.then(render, render);
