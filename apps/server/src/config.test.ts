import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './config.ts';
import { contractSignatures } from './db/schema/index.ts';
import { checkout, openDeal } from './modules/payments/test-fixtures.ts';
import { createTestApp } from './test/harness.ts';

describe('TRUST_PROXY', () => {
  it('takes a hop count or proxy addresses, never every hop', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5')).toEqual(['10.0.0.0/8', '192.168.1.5']);
    expect(() => parseTrustProxy('everyone')).toThrow(/TRUST_PROXY/);
  });
});

describe('behind one proxy', () => {
  it('believes only the hop the proxy added, not what the client wrote', async () => {
    const app = await createTestApp({ trustProxy: 1 });
    try {
      const deal = await openDeal(app);
      const res = await checkout(
        app,
        deal.client,
        { projectId: deal.projectId, proposalId: deal.offers[0].proposalId, amount: deal.offers[0].amount },
        {},
        // The client forged 6.6.6.6; the proxy appended the address it saw.
        { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const [signed] = await app.ctx.db.select().from(contractSignatures);
      expect(signed.ip).toBe('203.0.113.7');
    } finally {
      await app.dispose();
    }
  });
});
