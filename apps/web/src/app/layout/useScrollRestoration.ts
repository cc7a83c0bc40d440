// What the data router's <ScrollRestoration> did, for the declarative router (app/router.tsx).
import { useLayoutEffect, useRef } from 'react';
import { type Location, useLocation } from 'react-router';

/** Where the positions outlive a reload, or a trip to another site and back (the card checkout). */
const storageKey = 'scroll-positions';

/**
 * Where a page's scroll position is remembered. A page loaded afresh (typed, or come back
 * to from another site such as the card checkout) has no history key of its own ('default'),
 * so it is remembered by its path: otherwise it would be scrolled to wherever the previous
 * fresh page was left.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? location.pathname : location.key);

function readPositions(): Record<string, number> {
  try {
    return (JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Record<string, number> | null) ?? {};
  } catch {
    return {};
  }
}

/**
 * A history entry comes back (back/forward, a reload) where it was left; a new one starts at
 * the top. Every history entry has a key of its own, so a position is found only for one seen before.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const positions = useRef<Record<string, number>>({});
  const current = useRef('');

  useLayoutEffect(() => {
    positions.current = readPositions();
    const browserRestoration = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // Recorded as it happens: by the time a navigation renders, the next page has replaced this one.
    const record = () => {
      positions.current[current.current] = window.scrollY;
    };
    const save = () => {
      record();
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(positions.current));
      } catch {
        // Storage full or disabled: positions are then kept for this page load only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = browserRestoration;
    };
  }, []);

  useLayoutEffect(() => {
    current.current = scrollKey(location);
    window.scrollTo(0, positions.current[current.current] ?? 0);
  }, [location]);
}
