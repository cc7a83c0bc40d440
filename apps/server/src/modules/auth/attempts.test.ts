import { describe, expect, it } from 'vitest';
import { sourceOfAddress } from '../access/index.ts';
import { ATTEMPT_RULES, accountKey, mayMail, signinVerdict, signinWaitMs } from './attempts.ts';

describe('sourceOfAddress', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts IPv6 by its /64', () => {
    expect(sourceOfAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOfAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceOfAddress('2001:db8:5:7::1')).toBe('2001:db8:5:7::/64');
    expect(sourceOfAddress('2001:0db8:0005:0007:ffff:1:2:3')).toBe('2001:db8:5:7::/64');
    expect(sourceOfAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(sourceOfAddress('::1')).toBe('0:0:0:0::/64');
  });
});

describe('accountKey', () => {
  it('is one key per mailbox, whatever the case and spaces', () => {
    expect(accountKey(' Ada@Example.COM ')).toBe(accountKey('ada@example.com'));
    expect(accountKey('ada@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('signinWaitMs', () => {
  it('lets five tries through, then waits 30 s doubling up to 15 minutes', () => {
    expect([0, 1, 4].map(signinWaitMs)).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10, 40].map(signinWaitMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000,
    ]);
  });
});

describe('signinVerdict', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (s: number) => new Date(now.getTime() - s * 1000);
  const ceiling = ATTEMPT_RULES.signinFailure.perAccount;

  it('lets a source without failures through, even past the account’s ceiling', () => {
    expect(signinVerdict({ source: null, accountFailures: ceiling * 3, trustedDevice: false }, now)).toEqual({
      allowed: true,
    });
  });
  it('backs a source off after its fifth failure, until the wait has passed', () => {
    expect(
      signinVerdict({ source: { count: 5, lastAt: ago(10) }, accountFailures: 5, trustedDevice: false }, now),
    ).toEqual({ allowed: false, waitMs: 20_000 });
    expect(
      signinVerdict({ source: { count: 5, lastAt: ago(31) }, accountFailures: 5, trustedDevice: false }, now),
    ).toEqual({ allowed: true });
    expect(
      signinVerdict({ source: { count: 4, lastAt: ago(0) }, accountFailures: 4, trustedDevice: false }, now),
    ).toEqual({ allowed: true });
  });
  it('past the ceiling refuses a source that failed, but not a trusted device out of its own wait', () => {
    const failed = { count: 1, lastAt: ago(60) };
    expect(signinVerdict({ source: failed, accountFailures: ceiling, trustedDevice: false }, now)).toEqual({
      allowed: false,
      waitMs: 3_540_000,
    });
    expect(
      signinVerdict({ source: failed, accountFailures: ceiling - 1, trustedDevice: false }, now),
    ).toEqual({
      allowed: true,
    });
    expect(signinVerdict({ source: failed, accountFailures: ceiling, trustedDevice: true }, now)).toEqual({
      allowed: true,
    });
    expect(
      signinVerdict(
        { source: { count: 6, lastAt: ago(1) }, accountFailures: ceiling, trustedDevice: true },
        now,
      ),
    ).toEqual({ allowed: false, waitMs: 59_000 });
  });
});

describe('mayMail', () => {
  it('sends reset mails up to 3 per source and 10 per account an hour', () => {
    expect(mayMail('resetMail', null, 0)).toBe(true);
    expect(mayMail('resetMail', { count: 2, lastAt: new Date() }, 9)).toBe(true);
    expect(mayMail('resetMail', { count: 3, lastAt: new Date() }, 3)).toBe(false);
    expect(mayMail('resetMail', null, 10)).toBe(false);
  });
  it('sends one sign-up notice per account an hour', () => {
    expect(mayMail('signupNotice', null, 0)).toBe(true);
    expect(mayMail('signupNotice', null, 1)).toBe(false);
  });
});
