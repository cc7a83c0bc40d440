import { describe, expect, it } from 'vitest';
import { afterSignIn, signedUpEmail } from './returnTo';

describe('afterSignIn', () => {
  it('returns to the protected page the visitor was going to', () => {
    expect(afterSignIn({ from: '/project_details/42' }, '/')).toBe('/project_details/42');
    expect(afterSignIn({ from: '/inbox/7?room=3' }, '/explore')).toBe('/inbox/7?room=3');
  });
  it("keeps the product's destination when there was no target", () => {
    expect(afterSignIn(null, '/')).toBe('/');
    expect(afterSignIn(undefined, '/explore')).toBe('/explore');
    expect(afterSignIn({}, '/explore')).toBe('/explore');
  });
  it('never leaves the app or loops back to the sign-in pages', () => {
    expect(afterSignIn({ from: 'https://evil.example' }, '/')).toBe('/');
    expect(afterSignIn({ from: '//evil.example' }, '/')).toBe('/');
    expect(afterSignIn({ from: '/sign-in' }, '/')).toBe('/');
    expect(afterSignIn({ from: '/sign-up' }, '/explore')).toBe('/explore');
  });
});

describe('signedUpEmail', () => {
  it('reads the e-mail sign-up hands over, and nothing else', () => {
    expect(signedUpEmail({ email: 'new@example.com' })).toBe('new@example.com');
    expect(signedUpEmail({ from: '/x' })).toBe('');
    expect(signedUpEmail(null)).toBe('');
    expect(signedUpEmail({ email: 42 })).toBe('');
  });
});
