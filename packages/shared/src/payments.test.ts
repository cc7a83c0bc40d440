import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, splitFee } from './money.ts';
import { checkoutSessionBodySchema, ordersQuerySchema } from './payments.schemas.ts';
import { dateRangeStart, filterPayments, PAYMENT_MESSAGES, paymentsCsv, renderContract } from './payments.ts';

describe('splitFee', () => {
  it('takes 20% rounded half up and gives the engineer the rest', () => {
    expect(splitFee(10000)).toEqual({ platformFeeCents: 2000, engineerCents: 8000 });
    expect(splitFee(1)).toEqual({ platformFeeCents: 0, engineerCents: 1 });
    expect(splitFee(3)).toEqual({ platformFeeCents: 1, engineerCents: 2 }); // 0.6 -> 1
    expect(splitFee(12)).toEqual({ platformFeeCents: 2, engineerCents: 10 }); // 2.4 -> 2
    expect(splitFee(0)).toEqual({ platformFeeCents: 0, engineerCents: 0 });
    expect(() => splitFee(10.5)).toThrow(RangeError);
    expect(() => splitFee(-1)).toThrow(RangeError);
  });
  it('never loses or invents a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), (amount) => {
        const { platformFeeCents, engineerCents } = splitFee(amount);
        expect(platformFeeCents + engineerCents).toBe(amount);
        expect(Math.abs(platformFeeCents - amount / 5)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(platformFeeCents)).toBe(true);
      }),
    );
  });
});

describe('centsToDecimal', () => {
  it('writes dollars as a plain decimal', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-199)).toBe('-1.99');
  });
});

describe('renderContract', () => {
  const base = {
    projectId: 'p1',
    projectTitle: 'Deck permit',
    proposalId: 'q1',
    clientName: 'Cora Client',
    engineerName: 'Ed Engineer',
    amountCents: 123456,
    acceptanceAfter: '14 days',
  };
  it('states the parties, price, 20/80 split, payment due on signing and the provider', () => {
    const text = renderContract(base);
    expect(text).toContain('Cora Client (the "Client")');
    expect(text).toContain('Ed Engineer (the "Engineer")');
    expect(text).toContain('"Deck permit"');
    expect(text).toContain('$1,234.56 (USD)');
    expect(text).toContain('20% of the price ($246.91)');
    expect(text).toContain('80% of the price ($987.65)');
    expect(text).toContain('due on signing');
    expect(text).toContain('card payment provider');
  });
  it('states the refund until the first deliverable, the split and the acceptance after the set time', () => {
    const text = renderContract(base);
    expect(text).toContain(
      'within 24 hours of a successful payment, until the Engineer submits the first deliverable',
    );
    expect(text).toContain('split it between them');
    expect(text).toContain('within 14 days of its submission is accepted');
    expect(renderContract({ ...base, acceptanceAfter: '90 seconds' })).toContain(
      'within 90 seconds of its submission',
    );
  });
  it('is the same text for the same deal and changes with the amount', () => {
    expect(renderContract(base)).toBe(renderContract({ ...base }));
    expect(renderContract({ ...base, amountCents: 123457 })).not.toBe(renderContract(base));
  });
  it('states the delivery time beside the price, and changes with it', () => {
    const text = renderContract({ ...base, deliveryDays: 10 });
    expect(text).toContain(
      '2. Price. The agreed price is $1,234.56 (USD). The Engineer will deliver the work within 10 days of the payment.',
    );
    expect(renderContract({ ...base, deliveryDays: 1 })).toContain('within 1 day of the payment.');
    expect(renderContract({ ...base, deliveryDays: 11 })).not.toBe(text);
    // A proposal sent before delivery times were asked keeps the text it was signed with.
    expect(renderContract({ ...base, deliveryDays: null })).toBe(renderContract(base));
  });
});

describe('checkout body', () => {
  const good = {
    project_id: '7a0c0d8e-2b7e-4f0a-9c4b-1d2e3f405162',
    proposal_id: '8b1d1e9f-3c8f-4a1b-8d5c-2e3f40516273',
    amount: 5000,
    currency: 'USD',
    email: 'c@example.com',
    signed_name: 'Cora Client',
    contract_sha256: 'a'.repeat(64),
    agreed: true,
  };
  it('accepts a signed request, lower-casing the currency', () => {
    expect(checkoutSessionBodySchema.parse(good).currency).toBe('usd');
    expect(checkoutSessionBodySchema.parse({ ...good, currency: undefined }).currency).toBe('usd');
  });
  it('refuses other currencies, unsigned and fractional amounts with their messages', () => {
    const msg = (v: object) => checkoutSessionBodySchema.safeParse(v).error?.issues[0].message;
    expect(msg({ ...good, currency: 'eur' })).toBe(PAYMENT_MESSAGES.currency);
    expect(msg({ ...good, agreed: false })).toBe(PAYMENT_MESSAGES.mustAgree);
    expect(msg({ ...good, signed_name: ' ' })).toBe(PAYMENT_MESSAGES.signedNameRequired);
    expect(msg({ ...good, amount: 50.5 })).toBe(PAYMENT_MESSAGES.amountMismatch);
    expect(msg({ ...good, contract_sha256: 'nope' })).toBe(PAYMENT_MESSAGES.contractChanged);
  });
});

describe('orders query', () => {
  it('reads the page and filters, treating all and empty as no status', () => {
    expect(ordersQuerySchema.parse({})).toEqual({ page: 1 });
    expect(ordersQuerySchema.parse({ page: '3', status: 'all' })).toEqual({ page: 3, status: undefined });
    expect(
      ordersQuerySchema.parse({ status: 'refunded', start: '2026-01-01', end: '2026-01-31' }),
    ).toMatchObject({ status: 'refunded' });
  });
  it('refuses a start after the end, bad dates and bad pages', () => {
    expect(ordersQuerySchema.safeParse({ start: '2026-02-01', end: '2026-01-01' }).success).toBe(false);
    expect(ordersQuerySchema.safeParse({ start: '2026-02-01', end: '2026-02-01' }).success).toBe(true);
    expect(ordersQuerySchema.safeParse({ start: 'yesterday' }).success).toBe(false);
    // Dates PostgreSQL cannot hold (it has no year 0) are refused here, not by the database.
    for (const start of ['0000-01-01', '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-14:00'])
      expect(ordersQuerySchema.safeParse({ start }).success, start).toBe(false);
    expect(ordersQuerySchema.safeParse({ start: '0001-01-01', end: '9999-12-31' }).success).toBe(true);
    expect(ordersQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ordersQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('payment history filters', () => {
  const now = new Date(2026, 10, 23, 15, 0, 0);
  it('computes each range start', () => {
    expect(dateRangeStart('today', now)).toEqual(new Date(2026, 10, 23, 0, 0, 0));
    expect(dateRangeStart('last_week', now)).toEqual(new Date(now.getTime() - 7 * 86400000));
    expect(dateRangeStart('last_month', now)).toEqual(new Date(2026, 9, 23, 15, 0, 0));
    expect(dateRangeStart('last_6_months', now)).toEqual(new Date(2026, 4, 23, 15, 0, 0));
    expect(dateRangeStart('last_year', now)).toEqual(new Date(2025, 10, 23, 15, 0, 0));
    expect(dateRangeStart('lifetime', now)).toBeNull();
  });
  it('filters by status and range, start inclusive', () => {
    const list = [
      { id: 'a', status: 'succeeded' as const, created_at: new Date(2026, 10, 23, 0, 0, 0).toISOString() },
      { id: 'b', status: 'refunded' as const, created_at: new Date(2026, 10, 22, 23, 59).toISOString() },
      { id: 'c', status: 'succeeded' as const, created_at: new Date(2024, 0, 1).toISOString() },
    ];
    const ids = (f: Parameters<typeof filterPayments>[1]) => filterPayments(list, f, now).map((p) => p.id);
    expect(ids({ status: 'all', range: 'today' })).toEqual(['a']);
    expect(ids({ status: 'all', range: 'last_week' })).toEqual(['a', 'b']);
    expect(ids({ status: 'succeeded', range: 'lifetime' })).toEqual(['a', 'c']);
    expect(ids({ status: 'failed', range: 'lifetime' })).toEqual([]);
  });
});

describe('paymentsCsv', () => {
  const row = {
    id: 'p-1',
    project_title: 'Deck permit, rev B',
    engineer_name: 'Ethan Engineer',
    amount_cents: 123450,
    status: 'succeeded',
    refund_status: null,
    created_at: new Date(2026, 0, 2, 3, 4, 5).toISOString(),
  };
  it('writes the product’s columns with the project, engineer, fee and refund, a BOM, CRLF and plain decimals', () => {
    const csv = paymentsCsv([
      row,
      { ...row, id: 'p-2', status: 'refunded', refund_status: 'succeeded', amount_cents: 50_000 },
    ]);
    expect(
      csv.startsWith(
        '\uFEFFPayment ID,Project,Engineer,Amount,Platform fee,Refunded,Refund status,Status,Date\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain(
      'p-1,"Deck permit, rev B",Ethan Engineer,1234.50,246.90,0.00,,succeeded,2026-01-02 03:04:05\r\n',
    );
    expect(csv).toContain('p-2,"Deck permit, rev B",Ethan Engineer,500.00,100.00,500.00,succeeded,refunded,');
  });
  it('quotes separators and defuses formulas', () => {
    const csv = paymentsCsv([{ ...row, id: '=cmd|x', amount_cents: 1, status: 'a,"b"' }]);
    expect(csv).toContain(`'=cmd|x,`);
    expect(csv).toContain(`,"a,""b""",`);
  });
});
