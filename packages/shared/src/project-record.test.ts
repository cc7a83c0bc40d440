import { describe, expect, it } from 'vitest';
import { describeRecordEntry, projectChanges } from './project-record.ts';

const names: Record<string, string> = {
  '11111111-1111-1111-1111-111111111111': 'Claire Client',
  '22222222-2222-2222-2222-222222222222': 'Ethan Engineer',
  '33333333-3333-3333-3333-333333333333': 'Ethan Engineer', // a proposal, payment or payout of his
  '44444444-4444-4444-4444-444444444444': 'S-001 Footing plan', // a submission's title
};
const name = (id: unknown) => (typeof id === 'string' ? (names[id] ?? null) : null);
const CLIENT = '11111111-1111-1111-1111-111111111111';
const ENGINEER = '22222222-2222-2222-2222-222222222222';
const HIS = '33333333-3333-3333-3333-333333333333';
const SUBMISSION = '44444444-4444-4444-4444-444444444444';

describe('describeRecordEntry', () => {
  const say = (type: Parameters<typeof describeRecordEntry>[0]['type'], actor: string | null, data: object) =>
    describeRecordEntry({ type, actor_id: actor, data: data as Record<string, unknown> }, name);

  it('says who did what, in dollars, with no raw field names or ids', () => {
    const lines = [
      say('project_posted', CLIENT, { title: 'Carport', license_type: 'PE', country: 'USA', state: null }),
      say('contract_signed', CLIENT, {
        proposal_id: HIS,
        signed_name: 'Claire Client',
        amount_cents: 145_000,
      }),
      say('escrow_released', null, {
        payment_id: HIS,
        amount_cents: 145_000,
        engineer_cents: 116_000,
        platform_fee_cents: 29_000,
      }),
      say('rating_given', CLIENT, { receiver_id: ENGINEER, rate: 5, comment: 'Quick.' }),
    ];
    expect(lines).toEqual([
      'Claire Client posted the project "Carport", needing a PE license, located in USA.',
      'Claire Client signed the contract as "Claire Client", hiring Ethan Engineer for $1,450.00.',
      "The escrow of $1,450.00 was released: $1,160.00 to Ethan Engineer's wallet and $290.00 platform fee.",
      'Claire Client rated Ethan Engineer 5 out of 5, saying "Quick."',
    ]);
    for (const line of lines) {
      expect(line).not.toMatch(/null|undefined|_id|_cents|[0-9a-f]{8}-/);
      expect(line).not.toContain('$1450');
    }
  });

  it('names the deliverable and gives the seal verdict', () => {
    expect(
      say('submission_sent', ENGINEER, {
        submission_id: SUBMISSION,
        title: 'S-001 Footing plan',
        file_sha256: 'a'.repeat(64),
        signature: 'intact',
        signed_by: 'Ethan Engineer, P.E.',
      }),
    ).toBe(
      'Ethan Engineer submitted the deliverable "S-001 Footing plan"; its digital seal checks out: the file is unchanged since it was sealed (sealed by Ethan Engineer, P.E.).',
    );
    expect(say('submission_sent', ENGINEER, { title: 'A', signature: 'changed', signed_by: 'X' })).toContain(
      'the file was changed after it was sealed',
    );
    expect(say('submission_sent', ENGINEER, { title: 'A', signature: 'unsigned' })).toBe(
      'Ethan Engineer submitted the deliverable "A"; it carries no digital seal.',
    );
    // The file's own name, as the engineer uploaded it.
    expect(
      say('submission_sent', ENGINEER, { title: 'A', signature: 'unsigned', file_name: 'footing-set.pdf' }),
    ).toBe(
      'Ethan Engineer submitted the deliverable "A" (file "footing-set.pdf"); it carries no digital seal.',
    );
    expect(
      say('submission_rejected', CLIENT, { submission_id: SUBMISSION, comment: 'Add the uplift check.' }),
    ).toBe('Claire Client rejected the deliverable "S-001 Footing plan", saying "Add the uplift check."');
  });

  it('tells what an edit of the project changed', () => {
    const changes = projectChanges(
      { title: 'Carport', budget: 100_000, description: 'Old', state: null, specializations: ['civil'] },
      {
        title: 'Carport footing',
        budget: 120_000,
        description: 'New',
        state: 'Texas',
        specializations: ['civil'],
      },
    );
    expect(changes).toEqual([
      { field: 'title', from: 'Carport', to: 'Carport footing' },
      { field: 'description' },
      { field: 'budget', from: 100_000, to: 120_000 },
      { field: 'state', from: null, to: 'Texas' },
    ]);
    expect(say('project_updated', CLIENT, { changes })).toBe(
      'Claire Client edited the project: changed the title from "Carport" to "Carport footing", the description, the budget from $1,000.00 to $1,200.00 and the state from none to Texas.',
    );
  });
});
