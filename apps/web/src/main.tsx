import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
import { hasStoredUser, loadStore } from './lib/lazyStore';
import './index.css';

// The server sends the page with a style nonce (apps/server/src/web-app.ts); the <style>
// that dialogs add to lock scrolling carries it, so the strict CSP lets it through.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  );

// A signed-in user's first render already shows them signed in: the store (and their
// session) comes first. A visitor's page renders at once, without it (lib/lazyStore.ts).
if (hasStoredUser()) Promise.all([loadStore(), import('./app/layout/SignedInItems')]).then(render, render);
else render();
