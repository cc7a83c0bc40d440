import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first and the last word, upper case', () => {
    expect(initials('ada lovelace')).toBe('AL');
    expect(initials('Jean-Luc de la Croix')).toBe('JC');
  });

  it('uses one letter for a one-word name', () => {
    expect(initials('plato')).toBe('P');
  });

  it('ignores surrounding and repeated whitespace', () => {
    expect(initials('  Grace \t  Brewster   Hopper  ')).toBe('GH');
  });

  it('is empty when there is no name', () => {
    expect(initials('')).toBe('');
    expect(initials('   ')).toBe('');
    expect(initials(null)).toBe('');
    expect(initials(undefined)).toBe('');
  });

  it('keeps letters outside the basic plane and accents whole', () => {
    expect(initials('émile 𝒵oe')).toBe('É𝒵');
    expect(initials('Łukasz Ørsted')).toBe('ŁØ');
  });
});
