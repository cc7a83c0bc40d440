// @vitest-environment happy-dom
// The contract dialog: it shows the server's contract and split, asks for the signature and
// the tick before checkout, sends what was read, and shows the server's refusal (reading the
// changed contract again when the proposal changed meanwhile).
import type { ContractDto } from '@app/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sent, serve, users } from '../../test/render';
import { ContractDialog } from './ContractDialog';

const PROJECT = '6f1c1a52-3c1e-4d5e-9a4b-1f2e3d4c5b6a';
const PROPOSAL = '0b7e2c4d-8a9f-4b1c-a2d3-e4f5a6b7c8d9';

const contract: ContractDto = {
  project_id: PROJECT,
  proposal_id: PROPOSAL,
  client_name: 'Clara Client',
  engineer_name: 'Evan Engineer',
  amount: 100_000,
  platform_fee: 20_000,
  engineer_amount: 80_000,
  currency: 'usd',
  text: 'ENGINEERING SERVICES AGREEMENT\n\nThe Engineer seals the drawings.\n\nThe Client pays into escrow.',
  sha256: 'a'.repeat(64),
};
const CONTRACT = `GET /api/payments/contract/${PROPOSAL}`;
const CHECKOUT = 'POST /api/payments/checkout-session';

const open = async () => {
  await renderWithApp(
    <ContractDialog open onOpenChange={() => {}} projectId={PROJECT} proposalId={PROPOSAL} />,
    {
      user: users.client,
    },
  );
  return screen.findByRole('dialog', { name: 'Contract Agreement' });
};
const sign = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByLabelText('Your full name (signature)'), 'Clara Client');
  await user.click(screen.getByLabelText('I have read this agreement and sign it as the Client.'));
  await user.click(screen.getByRole('button', { name: 'Sign and pay $1,000.00' }));
};

describe('ContractDialog', () => {
  it('shows the server’s contract and the split of the price', async () => {
    serve({ [CONTRACT]: { body: contract } });
    await open();
    const text = await screen.findByRole('article', { name: 'Contract text' });
    expect(within(text).getByRole('heading').textContent).toBe('ENGINEERING SERVICES AGREEMENT');
    expect(within(text).getByText('The Client pays into escrow.')).toBeTruthy();
    const split = screen.getByRole('region', { name: 'Payment split' });
    const row = (term: string) => within(split).getByText(term).nextElementSibling?.textContent;
    expect(row('Contract price, due on signing')).toBe('$1,000.00');
    expect(row('Platform fee (20%)')).toBe('$200.00');
    expect(row('Evan Engineer receives (80%)')).toBe('$800.00');
    expect(
      within(split).getByText(
        'Held in escrow until you accept the final submission. Receipt to clara@example.com.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Type it as it appears on your account: Clara Client')).toBeTruthy();
  });

  it('asks for the signature and the tick before going to checkout', async () => {
    const user = userEvent.setup();
    serve({ [CONTRACT]: { body: contract } });
    await open();
    await user.click(await screen.findByRole('button', { name: 'Sign and pay $1,000.00' }));
    expect(screen.getByText('Type your full name to sign the contract.')).toBeTruthy();
    expect(screen.getByText('Tick the box to agree to the contract.')).toBeTruthy();
    expect(sent.map((s) => s.route)).toEqual([CONTRACT]);
  });

  it('signs what was read: the name, the tick and the contract’s hash', async () => {
    const user = userEvent.setup();
    // A refusal keeps the page here; what was sent is what matters.
    serve({
      [CONTRACT]: { body: contract },
      [CHECKOUT]: {
        status: 409,
        body: {
          code: 'CONFLICT',
          message: 'This project is no longer open: a proposal has already been accepted.',
        },
      },
    });
    await open();
    await sign(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This project is no longer open: a proposal has already been accepted.',
    );
    expect(sent.find((s) => s.route === CHECKOUT)?.body).toEqual({
      project_id: PROJECT,
      proposal_id: PROPOSAL,
      amount: 100_000,
      currency: 'usd',
      email: 'clara@example.com',
      signed_name: 'Clara Client',
      contract_sha256: contract.sha256,
      agreed: true,
    });
  });

  it('reads the contract again and asks for a new signature when the proposal changed', async () => {
    const user = userEvent.setup();
    let reads = 0;
    serve({
      [CONTRACT]: () => {
        reads++;
        return { body: reads === 1 ? contract : { ...contract, amount: 120_000, sha256: 'b'.repeat(64) } };
      },
      [CHECKOUT]: {
        status: 409,
        body: {
          code: 'CONFLICT',
          message:
            'The proposal changed after you opened the contract. Read the updated contract and sign it again.',
        },
      },
    });
    await open();
    await sign(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The proposal changed after you opened the contract. Read the updated contract and sign it again.',
    );
    expect(await screen.findByRole('button', { name: 'Sign and pay $1,200.00' })).toBeTruthy();
    expect(screen.getByLabelText('I have read this agreement and sign it as the Client.')).toHaveProperty(
      'checked',
      false,
    );
  });

  it('says when the contract cannot be loaded, with a way to try again', async () => {
    serve({ [CONTRACT]: { status: 404, body: { code: 'NOT_FOUND', message: 'Proposal not found.' } } });
    await open();
    expect((await screen.findByRole('alert')).textContent).toBe('Proposal not found.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy());
  });
});
