import type { Location } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageErrorBoundary } from './ErrorPage';

const at = (pathname: string, key: string): Location => ({
  pathname,
  search: '',
  hash: '',
  state: null,
  key,
});

describe('PageErrorBoundary', () => {
  const here = at('/nope', 'a');
  const thrown = { location: here, thrown: { error: new Error('boom') } };

  it('keeps showing the error while the location stays (a re-render of the same page)', () => {
    expect(PageErrorBoundary.getDerivedStateFromProps({ location: here, children: null }, thrown)).toBeNull();
  });

  it('clears the error on the next navigation, even back to the same path', () => {
    const next = at('/nope', 'b');
    expect(PageErrorBoundary.getDerivedStateFromProps({ location: next, children: null }, thrown)).toEqual({
      location: next,
      thrown: null,
    });
  });

  it('keeps what was thrown, undefined included', () => {
    expect(PageErrorBoundary.getDerivedStateFromError(undefined)).toEqual({ thrown: { error: undefined } });
  });
});
