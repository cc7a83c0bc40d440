// A local stand-in for the parts of Stripe's API the product calls, for tests that run
// the real `stripe` SDK (pointed here with its host/port/protocol options). It keeps
// sessions, refunds and transfers in memory, honours Idempotency-Key like Stripe (the same key
// answers the same object), and builds the events Stripe would send, signed with the
// webhook secret by the SDK's own generateTestHeaderString.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) read back into nested objects. */
function parseForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      node[path[i]] = (node[path[i]] as Obj | undefined) ?? {};
      node = node[path[i]] as Obj;
    }
    node[path[path.length - 1]] = value;
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export type FakeStripe = {
  url: string;
  sessions: Map<string, Obj>;
  refunds: Map<string, Obj>;
  transfers: Map<string, Obj>;
  /**
   * The next `n` transfers are made but never answered, as if the caller died (or the
   * network broke) after Stripe made them; `onHeld` is told each time one is held.
   */
  holdTransfers(n: number, onHeld?: (transfer: Obj) => void): void;
  /** Requests received, for assertions ('POST /v1/checkout/sessions' ...). */
  calls: Array<{ method: string; path: string; idempotencyKey?: string; body: Obj }>;
  /** The next `n` API calls answer this status (500: Stripe's own trouble; 400: refusal). */
  failNext(n: number, status: number, message?: string): void;
  /** The client pays: the session completes and its payment intent is created. */
  pay(sessionId: string): Obj;
  /** The session's time runs out. */
  expire(sessionId: string): Obj;
  /** A Stripe event envelope around an object. */
  event(type: string, object: Obj, created?: number): string;
  close(): Promise<void>;
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const transfers = new Map<string, Obj>();
  const held: ServerResponse[] = [];
  let holding: { left: number; onHeld?: (t: Obj) => void } = { left: 0 };
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const calls: FakeStripe['calls'] = [];
  let failures: { left: number; status: number; message: string } = { left: 0, status: 500, message: '' };

  function handle(
    method: string,
    path: string,
    body: Obj,
    query: URLSearchParams,
  ): { status: number; body: Obj } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = (body.line_items as Obj)['0'] as Obj;
      const price = item.price_data as Obj;
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: body.mode,
        amount_total: Number(price.unit_amount) * Number(item.quantity),
        currency: price.currency,
        customer_email: body.customer_email,
        client_reference_id: body.client_reference_id,
        metadata: body.metadata ?? {},
        payment_intent: null,
        payment_intent_data: body.payment_intent_data,
        payment_status: 'unpaid',
        status: 'open',
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        expires_at: Number(body.expires_at),
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([\w]+)(\/expire)?$/.exec(path);
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]);
      if (!session) return notFound(`No such checkout.session: '${sessionPath[1]}'`);
      if (sessionPath[2] && method === 'POST') {
        if (session.status !== 'open')
          return invalid(`Only Checkout Sessions with a status of open can be expired.`);
        session.status = 'expired';
        session.url = null;
      }
      return { status: 200, body: session };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = String(body.payment_intent);
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session) return invalid(`No such payment_intent: '${intent}'`);
      const done = [...refunds.values()]
        .filter((r) => r.payment_intent === intent && r.status === 'succeeded')
        .reduce((n, r) => n + Number(r.amount), 0);
      const amount = Number(body.amount ?? session.amount_total);
      if (done + amount > Number(session.amount_total))
        return invalid(`Charge for ${intent} has already been refunded.`);
      const refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: intent,
        status: 'succeeded',
        metadata: body.metadata ?? {},
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.get(refundPath[1]);
      return refund ? { status: 200, body: refund } : invalid(`No such refund: '${refundPath[1]}'`);
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const transfer = {
        id: id('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency,
        destination: body.destination,
        transfer_group: body.transfer_group ?? null,
        metadata: body.metadata ?? {},
        reversed: false,
        amount_reversed: 0,
        created: Math.floor(Date.now() / 1000),
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    if (method === 'GET' && path === '/v1/transfers') {
      const group = query.get('transfer_group');
      const data = [...transfers.values()].filter((t) => !group || t.transfer_group === group);
      return { status: 200, body: { object: 'list', url: '/v1/transfers', has_more: false, data } };
    }
    return notFound(`Unrecognized request URL (${method}: ${path}).`);
  }
  const notFound = (message: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', message } },
  });
  const invalid = (message: string) => ({
    status: 400,
    body: { error: { type: 'invalid_request_error', message } },
  });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const [path, search = ''] = (req.url ?? '/').split('?');
      const query = new URLSearchParams(search);
      const method = req.method ?? 'GET';
      const key = req.headers['idempotency-key'];
      const body = parseForm(raw);
      calls.push({ method, path, idempotencyKey: typeof key === 'string' ? key : undefined, body });
      let answer: { status: number; body: Obj };
      if (failures.left > 0) {
        failures.left -= 1;
        answer = {
          status: failures.status,
          body: {
            error: {
              type: failures.status >= 500 ? 'api_error' : 'invalid_request_error',
              message: failures.message || 'Something went wrong on Stripe’s end.',
            },
          },
        };
      } else if (typeof key === 'string' && method === 'POST' && idempotent.has(key)) {
        answer = idempotent.get(key) as { status: number; body: Obj };
      } else {
        answer = handle(method, path, body, query);
        if (typeof key === 'string' && method === 'POST' && answer.status < 500) idempotent.set(key, answer);
        if (path === '/v1/transfers' && method === 'POST' && holding.left > 0) {
          holding.left -= 1;
          held.push(res);
          holding.onHeld?.(answer.body);
          return;
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    transfers,
    calls,
    holdTransfers(n, onHeld) {
      holding = { left: n, onHeld };
    },
    failNext(n, status, message = '') {
      failures = { left: n, status, message };
    },
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`session ${sessionId} is not open`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      session.url = null;
      return session;
    },
    expire(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    event(type, object, created = Math.floor(Date.now() / 1000)) {
      return JSON.stringify({
        id: id('evt'),
        object: 'event',
        api_version: Stripe.API_VERSION,
        type,
        created,
        livemode: false,
        data: { object: structuredClone(object) },
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
