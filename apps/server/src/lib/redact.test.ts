import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact.ts';

describe('redactUrl', () => {
  it('hides link tokens in the query', () => {
    expect(redactUrl('/api/stripe/test-onboarding/acct_test_1?token=abc.DEF-123')).toBe(
      '/api/stripe/test-onboarding/acct_test_1?token=[redacted]',
    );
    expect(redactUrl('/x?deviceToken=zz&page=2&reset_token=q')).toBe(
      '/x?deviceToken=[redacted]&page=2&reset_token=[redacted]',
    );
  });

  it('hides e-mail addresses in the path and in query values, encoded or not', () => {
    expect(redactUrl('/api/auth/updatePassword/jane.doe%40example.com')).toBe(
      '/api/auth/updatePassword/[email]',
    );
    expect(redactUrl('/api/auth/updatePassword/jane@example.com?x=1')).toBe(
      '/api/auth/updatePassword/[email]?x=1',
    );
    expect(redactUrl('/api/engineer/account?q=bob%40site.org&page=1')).toBe(
      '/api/engineer/account?q=[email]&page=1',
    );
  });

  it('leaves ordinary URLs as they are', () => {
    expect(redactUrl('/api/projects?q=retaining%20wall&page=3')).toBe(
      '/api/projects?q=retaining%20wall&page=3',
    );
    expect(redactUrl('/')).toBe('/');
  });
});
