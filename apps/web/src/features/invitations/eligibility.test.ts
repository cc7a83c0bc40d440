import { describe, expect, it } from 'vitest';
import { inviteChoices } from './eligibility';

describe('inviteChoices', () => {
  const projects = [
    { id: 'a', title: 'Deck', license_type: 'PE' },
    { id: 'b', title: 'Sprinklers', license_type: 'SE' },
    { id: 'c', title: 'Anything', license_type: null },
  ];
  it('says which projects need a licence the engineer does not hold', () => {
    expect(inviteChoices(projects, ['PE'])).toEqual([
      { id: 'a', title: 'Deck', blockedBy: null },
      { id: 'b', title: 'Sprinklers', blockedBy: 'needs a SE license' },
      { id: 'c', title: 'Anything', blockedBy: null },
    ]);
  });
  it('blocks every typed project for an engineer without licences', () => {
    expect(inviteChoices(projects, []).map((c) => c.blockedBy === null)).toEqual([false, false, true]);
  });
});
