import { describe, expect, it } from 'vitest';
import { isEchoOf } from './rangeEcho';

describe('isEchoOf', () => {
  it('knows the address coming back with what the boxes sent, so typing since is kept', () => {
    // Min applied alone while the maximum was being typed: its echo must not clear the max box.
    expect(isEchoOf({ min: '500', max: '' }, { min: '500', max: '' })).toBe(true);
  });
  it('follows an address changed elsewhere (Clear filters, back button)', () => {
    expect(isEchoOf({ min: '500', max: '900' }, { min: '', max: '' })).toBe(false);
    expect(isEchoOf({ min: '500', max: '900' }, { min: '500', max: '' })).toBe(false);
  });
});
