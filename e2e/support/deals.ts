// Deals made through the API, for journeys that start further along: a client's Texas
// project with one engineer's proposal, signed and paid with the test card (the deal in
// escrow), and a deliverable sent and accepted (the escrow released).
import { type APIRequestContext, expect } from '@playwright/test';
import type { ApiSession } from './session.ts';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

/** The client posts a Texas PE project, the engineer proposes `amountCents`, the client signs and pays. */
export async function paidDealViaApi(
  request: APIRequestContext,
  client: ApiSession,
  engineer: ApiSession,
  opts: { title: string; amountCents: number },
): Promise<{ id: string; title: string; successUrl: string }> {
  const created = await request.post(`/api/projects/${client.user.id}`, {
    headers: auth(client),
    data: {
      title: opts.title,
      description: 'Foundation and framing plans, stamped for the permit office.',
      specializations: ['structural'],
      license_type: 'PE',
      budget: 150000,
      country: 'USA',
      state: 'Texas',
      urgency_level: 'medium',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: string; title: string };
  const applied = await request.post(`/api/proposals/create/${engineer.user.id}`, {
    headers: auth(engineer),
    data: {
      project_id: project.id,
      description: 'Sealed set in a week.',
      license_type: 'PE',
      proposed_amount: opts.amountCents,
      delivery_days: 10,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const proposalId = ((await applied.json()) as { id: string }).id;
  const contract = await request.get(`/api/payments/contract/${proposalId}`, { headers: auth(client) });
  expect(contract.ok(), await contract.text()).toBe(true);
  const c = (await contract.json()) as { amount: number; sha256: string };
  const checkout = await request.post('/api/payments/checkout-session', {
    headers: auth(client),
    data: {
      project_id: project.id,
      proposal_id: proposalId,
      amount: c.amount,
      currency: 'usd',
      email: client.user.email,
      signed_name: client.user.full_name,
      contract_sha256: c.sha256,
      agreed: true,
    },
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { url } = (await checkout.json()) as { url: string };
  const paid = await request.post(url, {
    form: { name: 'Card Holder', number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBe(303);
  // Where the checkout sends the client back: /#/success?session_id=...
  const successUrl = paid.headers().location ?? '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/projects/id/${project.id}`, { headers: auth(client) });
      return ((await res.json()) as { status: string }).status;
    })
    .toBe('assigned');
  return { ...project, successUrl };
}

/** The engineer sends `pdf` as a deliverable and the client accepts it: the escrow is released. */
export async function completeDealViaApi(
  request: APIRequestContext,
  client: ApiSession,
  engineer: ApiSession,
  projectId: string,
  pdf: Buffer,
): Promise<void> {
  const upload = await request.post('/api/files?kind=deliverable', {
    headers: auth(engineer),
    multipart: { file: { name: 'set.pdf', mimeType: 'application/pdf', buffer: pdf } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const { secure_url } = (await upload.json()) as { secure_url: string };
  const sent = await request.post('/api/submissions', {
    headers: auth(engineer),
    data: {
      project_id: projectId,
      engineer_id: engineer.user.id,
      title: 'Permit set',
      description: 'Sealed drawings.',
      attachments: secure_url,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = (await sent.json()) as { id: string };
  const accepted = await request.patch(`/api/submissions/${id}/approve`, {
    headers: auth(client),
    data: { client_acceptance: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}
