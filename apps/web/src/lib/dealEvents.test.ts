import { describe, expect, it } from 'vitest';
import { dealChangedAction } from './dealEvents';

describe('deal-changed', () => {
  it('marks everything a deal shows out of date, for every party and staff', () => {
    const action = dealChangedAction({
      project_id: 'p',
      deal_id: 'd',
      change: 'released',
      state: 'released',
    });
    expect(action.type).toBe('api/invalidateTags');
    expect(action.payload).toEqual(
      expect.arrayContaining([
        'Deal',
        'Project',
        'Proposal',
        'Payment',
        'Wallet',
        'Payout',
        'Submission',
        'Dispute',
        'Ticket',
        'TicketReply',
      ]),
    );
  });
});
