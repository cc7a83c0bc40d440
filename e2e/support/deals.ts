// Deals made through the API, for journeys that start further along: a client's Texas
// project with one engineer's proposal, signed and paid with the test card (the deal in
// escrow), a deliverable sent and accepted (the escrow released), a problem reported.
import { type APIRequestContext, expect } from '@playwright/test';
import type { ApiSession } from './session.ts';

const auth = (s: ApiSession) => ({ authorization: `Bearer ${s.token}` });

/** The client posts a Texas PE project and the engineer proposes `amountCents` on it (nothing paid yet). */
export async function proposedDealViaApi(
  request: APIRequestContext,
  client: ApiSession,
  engineer: ApiSession,
  opts: { title: string; amountCents: number },
): Promise<{ id: string; title: string; proposalId: string }> {
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
  return { id: project.id, title: project.title, proposalId };
}

/** Stripe's test card whose refunds stay pending for a while (the asynchronous-refund card). */
export const PENDING_REFUND_CARD = '4000 0000 0000 7726';

/** The client signs the proposal's contract and pays it with a test card; waits until the project is assigned. */
export async function payViaApi(
  request: APIRequestContext,
  client: ApiSession,
  project: { id: string; proposalId: string },
  card = '4242 4242 4242 4242',
): Promise<{ successUrl: string }> {
  const contract = await request.get(`/api/payments/contract/${project.proposalId}`, {
    headers: auth(client),
  });
  expect(contract.ok(), await contract.text()).toBe(true);
  const c = (await contract.json()) as { amount: number; sha256: string };
  const checkout = await request.post('/api/payments/checkout-session', {
    headers: auth(client),
    data: {
      project_id: project.id,
      proposal_id: project.proposalId,
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
    form: { name: 'Card Holder', number: card, expiry: '12 / 34', cvc: '123' },
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
  return { successUrl };
}

/** The client posts a Texas PE project, the engineer proposes `amountCents`, the client signs and pays (the 4242 card unless told). */
export async function paidDealViaApi(
  request: APIRequestContext,
  client: ApiSession,
  engineer: ApiSession,
  opts: { title: string; amountCents: number; card?: string },
): Promise<{ id: string; title: string; successUrl: string }> {
  const project = await proposedDealViaApi(request, client, engineer, opts);
  const { successUrl } = await payViaApi(request, client, project, opts.card);
  return { id: project.id, title: project.title, successUrl };
}

/** The engineer sends `pdf` as a deliverable; answers the submission's id. */
export async function deliverViaApi(
  request: APIRequestContext,
  engineer: ApiSession,
  projectId: string,
  pdf: Buffer,
): Promise<string> {
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
  return ((await sent.json()) as { id: string }).id;
}

/** The client accepts the submission: the escrow is released. */
export async function acceptViaApi(
  request: APIRequestContext,
  client: ApiSession,
  submissionId: string,
): Promise<void> {
  const accepted = await request.patch(`/api/submissions/${submissionId}/approve`, {
    headers: auth(client),
    data: { client_acceptance: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** A party reports a problem on the deal: answers the dispute (with its ticket's number). */
export async function reportProblemViaApi(
  request: APIRequestContext,
  party: ApiSession,
  projectId: string,
  description: string,
): Promise<{ id: string; ticket_id: string; ticket_number: string }> {
  const res = await request.post(`/api/projects/${projectId}/problem`, {
    headers: auth(party),
    data: { description },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The engineer sends `pdf` as a deliverable and the client accepts it: the escrow is released. */
export async function completeDealViaApi(
  request: APIRequestContext,
  client: ApiSession,
  engineer: ApiSession,
  projectId: string,
  pdf: Buffer,
): Promise<void> {
  await acceptViaApi(request, client, await deliverViaApi(request, engineer, projectId, pdf));
}
