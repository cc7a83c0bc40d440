// @vitest-environment happy-dom
// The engineer's wallet: the balance as the server states it, when the next payout comes or
// why none is planned, the payout account warning, the transactions with their filters, and
// the server's refusal.
import type { WalletDto, WalletTransactionDto } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, serve, users } from '../../test/render';
import { WalletTab } from './WalletTab';

const WALLET = `GET /api/wallet/${users.engineer.id}`;
const TRANSACTIONS = `GET /api/wallet/payouts/user/${users.engineer.id}`;

const wallet: WalletDto = {
  amount: 160_000,
  due_next_run: 160_000,
  next_run_date: '2026-11-29',
  next_payout_date: '2026-11-29',
  next_payout_amount: 160_000,
  on_the_way: 0,
  paid_out: 40_000,
  minimum_payout: 1000,
  payouts_enabled: true,
};
const transaction = (over: Partial<WalletTransactionDto>): WalletTransactionDto => ({
  id: 't1',
  project_id: 'p1',
  project_title: 'Bridge deck repair',
  gross_cents: 50_000,
  fee_cents: 10_000,
  amount: 40_000,
  status: 'succeeded',
  payout_status: 'succeeded',
  released_at: '2026-10-20T12:00:00.000Z',
  payout_date: '2026-10-25',
  paid_at: '2026-10-25T12:00:00.000Z',
  failure_reason: null,
  plan: { run_date: null, reason: 'paid' },
  ...over,
});
const transactions = [
  transaction({}),
  transaction({
    id: 't2',
    project_id: 'p2',
    project_title: 'Garage slab',
    gross_cents: 200_000,
    fee_cents: 40_000,
    amount: 160_000,
    status: 'pending',
    payout_status: 'initiated',
    released_at: '2026-11-18T12:00:00.000Z',
    payout_date: '2026-11-29',
    paid_at: null,
    plan: { run_date: '2026-11-29', reason: 'scheduled' },
  }),
];

const show = async (w: WalletDto = wallet) => {
  serve({ [WALLET]: { body: w }, [TRANSACTIONS]: { body: transactions } });
  await renderWithApp(<WalletTab userId={users.engineer.id} />, { user: users.engineer });
  return screen.findByRole('heading', { name: 'Wallet' });
};
// The balance's figures (the chart's legend names some of them too).
const stat = (label: string) =>
  within(screen.getByRole('region', { name: 'Wallet' })).getByText(label).nextElementSibling?.textContent;
const rows = () =>
  within(screen.getByRole('list', { name: 'Wallet transactions' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label'));

describe('WalletTab', () => {
  it('shows the balance, the next payout and what was paid out, as the server states them', async () => {
    await show();
    expect(stat('Available balance')).toBe('$1,600.00');
    expect(stat('Next payout')).toBe('$1,600.00');
    expect(stat('Paid out')).toBe('$400.00');
    expect(screen.getByText('$1,600.00 on Sunday, Nov 29, 2026')).toBeTruthy();
    expect(screen.queryByText(/cannot receive payouts yet/)).toBeNull();
  });

  it('charts the earnings by month, with the same numbers in a table for screen readers', async () => {
    await show();
    const table = screen.getByRole('table', { name: 'Earnings per month' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Paid out', 'In your wallet', 'Total earned']);
    // The running total reaches all that was released ($400 paid out, $1,600 in the wallet).
    const last = within(table).getAllByRole('row').at(-1);
    expect(last && within(last).getAllByRole('cell').at(-1)?.textContent).toBe('$2,000.00');
  });

  it('says why no payout is planned, and asks for the payout account', async () => {
    await show({ ...wallet, next_payout_date: null, next_payout_amount: 0, payouts_enabled: false });
    expect(stat('Next payout')).toBe('Not planned yet');
    expect(screen.getByText(/No payout is planned yet for the \$1,600\.00 in your wallet\./)).toBeTruthy();
    const warning = screen.getByText(/Your payout account cannot receive payouts yet/);
    expect(warning.textContent).toBe(
      'Your payout account cannot receive payouts yet: finish it in Stripe Wallet so your balance can be paid.',
    );
    expect(within(warning).getByRole('link', { name: 'Stripe Wallet' }).getAttribute('href')).toBe(
      '/?tab=stripe',
    );
  });

  it('lists each payment with its split and when it is paid, and filters by status', async () => {
    const user = userEvent.setup();
    await show();
    expect(rows()).toEqual(['Transaction for Garage slab', 'Transaction for Bridge deck repair']);
    const paid = screen.getByRole('article', { name: 'Transaction for Bridge deck repair' });
    expect(within(paid).getByText('Client paid $500.00 · platform fee $100.00')).toBeTruthy();
    expect(within(paid).getByTestId('payout-when').textContent).toBe(
      'Paid to your payout account on Oct 25, 2026.',
    );
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(rows()).toEqual(['Transaction for Bridge deck repair']);
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(screen.getByText('No transactions found for the selected filters.')).toBeTruthy();
  });

  it('refuses a from date after the to date and shows no transactions', async () => {
    await show();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByRole('alert').textContent).toBe('The from date must be on or before the to date.');
    expect(screen.queryByRole('list', { name: 'Wallet transactions' })).toBeNull();
  });

  it('shows the server’s refusal instead of a balance', async () => {
    serve({
      [WALLET]: { status: 403, body: { code: 'FORBIDDEN', message: 'You can only see your own wallet.' } },
      [TRANSACTIONS]: { body: [] },
    });
    await renderWithApp(<WalletTab userId={users.engineer.id} />, { user: users.engineer });
    expect((await screen.findByRole('alert')).textContent).toBe('You can only see your own wallet.');
    expect(screen.queryByText('Available balance')).toBeNull();
  });
});
