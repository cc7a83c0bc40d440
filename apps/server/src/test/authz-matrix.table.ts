// Who may call which route: one entry per route the app registers ('METHOD /path' as
// Fastify writes it), read by authz-matrix.test.ts. Every new route must be added here,
// or the matrix fails (docs/SECURITY.md, 'Authorization matrix').
//
// For each of the six actors an entry says what calling the route on A's objects answers:
//   'ok'    the caller passed authorization: 2xx, or a 4xx that is not 401/403/404 (a
//           validation or state refusal such as 409 'already exists' comes after the
//           owner check in every service);
//   401     not signed in;
//   'deny'  403 or 404 (a private object answers 404 to outsiders, as if missing);
//   a number: that exact status, for routes whose authority is not the bearer token (a
//           signed webhook, a reset token, a capability link) refused without it.
// `call` builds the request (path filled with A's ids, a minimal valid body); `allowed`
// is whether this actor is expected through, so destructive calls (delete, accept,
// refund...) act on a fresh object of A's and leave the shared world intact.
// `shows` lists the secret kinds an actor may see in the answer (A's own are always fine).
import type { InjectOptions } from 'fastify';
import type { App } from '../app.ts';
import { ACTORS, type Actor, type SecretKind, type World } from './authz-matrix.world.ts';
import { GOOD_PASSWORD } from './fixtures/auth.ts';
import { multipart, PNG } from './fixtures/files.ts';

export type Outcome = 'ok' | 401 | 'deny' | number;
export type Expectation = Record<Actor, Outcome>;
export type Call = {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** A different bearer token than the actor's own (null: none). */
  token?: string | null;
  /** The address the call comes from (identity counts are per account and source). */
  remoteAddress?: string;
};
export type Case = {
  label?: string;
  expect: Expectation;
  call: (c: { w: World; as: Actor; allowed: boolean }) => Call | Promise<Call>;
  shows?: Partial<Record<Actor, SecretKind[]>>;
  /** The route exists only in some configurations (default: always). */
  present?: (app: App) => boolean;
};

const all = (o: Outcome): Expectation => ({
  visitor: o,
  clientA: o,
  clientB: o,
  engineerA: o,
  engineerB: o,
  admin: o,
});
const PUBLIC = all('ok');
const SIGNED_IN: Expectation = { ...all('ok'), visitor: 401 };
/** Signed in as one of `who`; everyone else signed in is denied. */
const only = (...who: Actor[]): Expectation => ({
  visitor: 401,
  clientA: who.includes('clientA') ? 'ok' : 'deny',
  clientB: who.includes('clientB') ? 'ok' : 'deny',
  engineerA: who.includes('engineerA') ? 'ok' : 'deny',
  engineerB: who.includes('engineerB') ? 'ok' : 'deny',
  admin: who.includes('admin') ? 'ok' : 'deny',
});
/** Engineers, each on their own settings (job alerts). */
const ENGINEERS = only('engineerA', 'engineerB');
/** `kinds` of A's secrets may be shown to everyone but `owner` (who sees their own anyway). */
const everyoneBut = (owner: Actor, kinds: SecretKind[]): Case['shows'] =>
  Object.fromEntries(ACTORS.filter((a) => a !== owner).map((a) => [a, kinds]));
const get = (url: string) => () => ({ url });
/** Client A's refunded payment, for the refund receipt (made once, on first use). */
let refunded: Promise<{ paymentId: string }> | undefined;

const projectBody = {
  title: 'Deck structural review',
  description: 'Need stamped drawings for a backyard deck.',
  specializations: ['structural'],
  license_type: 'PE',
  budget: 150000,
  deadline: '2099-12-01',
  country: 'USA',
  state: 'Texas',
};
const licenceBody = {
  license_number: 'TX-PE-1000001',
  license_type: 'PE',
  issue_country: 'USA',
  issue_state: 'Texas',
  specializations: ['civil'],
  expiration_date: '2099-12-31',
};
const engineerAccountBody = {
  phone_number: '5125550199',
  country: 'USA',
  state: 'Texas',
  specializations: ['civil'],
  highest_education: 'master',
  years_of_experience: 7,
  portfolio: 'https://example.com/portfolio',
  hours_rate: 12550,
  availability: 'full-time',
};
const clientAccountBody = {
  phone_number: '5125550188',
  company_name: 'Alice Builds',
  company_website: 'https://alice.example',
  country: 'USA',
  state: 'Texas',
};
let unique = 0;
const fresh = (prefix: string) => {
  unique += 1;
  return `${prefix}-${Date.now().toString(36)}-${unique}`;
};

const upload = (kind: string): Call => {
  const body = multipart([{ name: 'file', filename: 'me.png', data: PNG }]);
  return { url: `/api/files?kind=${kind}`, payload: body.payload, headers: body.headers };
};

/** A file route case: who may open `file` of A's (a document's name is in its Content-Disposition). */
const fileCase = (
  label: string,
  expect: Expectation,
  file: (w: World) => string,
  shows?: Case['shows'],
): Case => ({ label, expect, call: ({ w }) => ({ url: file(w) }), shows });

export const MATRIX: Record<string, Case | Case[]> = {
  // --- Public pages: the API reference, the web app, the health check -------------------
  'GET /api/docs': { expect: PUBLIC, call: get('/api/docs') },
  'GET /api/docs/json': { expect: PUBLIC, call: get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: PUBLIC, call: get('/api/docs/yaml') },
  'GET /api/docs/static/index.html': { expect: PUBLIC, call: get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': {
    expect: PUBLIC,
    call: get('/api/docs/static/swagger-initializer.js'),
  },
  'GET /api/docs/static/*': { expect: PUBLIC, call: get('/api/docs/static/swagger-ui.css') },
  'GET /': { expect: PUBLIC, call: get('/') },
  'GET /index.html': { expect: PUBLIC, call: get('/index.html') },
  'GET /*': { expect: PUBLIC, call: get('/favicon.svg') },
  'GET /api/health': { expect: PUBLIC, call: get('/api/health') },
  // The pages search engines read (modules/seo): public, and showing none of A's secrets, not
  // even a verified licence's number.
  'GET /engineers/:id/:slug': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/engineers/${w.people.engineerA.id}/edgar-engineer` }),
  },
  'GET /engineers/:id': { expect: PUBLIC, call: ({ w }) => ({ url: `/engineers/${w.people.engineerA.id}` }) },
  'GET /projects/:id/:slug': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/projects/${w.openProject.id}/any-slug` }),
  },
  'GET /projects/:id': { expect: PUBLIC, call: ({ w }) => ({ url: `/projects/${w.openProject.id}` }) },
  'GET /sitemap.xml': { expect: PUBLIC, call: get('/sitemap.xml') },
  'GET /sitemap-:n.xml': { expect: PUBLIC, call: get('/sitemap-1.xml') },
  'GET /robots.txt': { expect: PUBLIC, call: get('/robots.txt') },
  'GET /api/ready': { expect: PUBLIC, call: get('/api/ready') },

  // --- Identity ---------------------------------------------------------------------------
  'POST /api/auth/signup': {
    expect: PUBLIC,
    call: () => ({
      url: '/api/auth/signup',
      payload: {
        fullName: 'New Person',
        email: `${fresh('new')}@example.com`,
        password: GOOD_PASSWORD,
        role: 'client',
      },
    }),
  },
  // The password is the authority here: a wrong one answers 401 to everyone.
  'POST /api/auth/signin': {
    expect: all(401),
    // Each actor from its own address: five wrong passwords from one source would be held back.
    call: ({ w, as }) => ({
      url: '/api/auth/signin',
      payload: { email: w.people.clientA.email, password: 'not-the-password-1' },
      remoteAddress: `198.51.100.${ACTORS.indexOf(as) + 10}`,
    }),
  },
  'POST /api/auth/verify-pin': {
    expect: all(400),
    call: ({ w }) => ({
      url: '/api/auth/verify-pin',
      payload: { email: w.people.clientA.email, pin: '000000' },
    }),
  },
  'POST /api/auth/resendPin': {
    expect: all(404),
    call: ({ w }) => ({ url: '/api/auth/resendPin', payload: { email: w.people.clientA.email } }),
  },
  'POST /api/auth/password-reset': {
    expect: PUBLIC,
    call: () => ({ url: '/api/auth/password-reset', payload: { email: 'nobody@example.com' } }),
  },
  // The reset token is the authority: without A's, nothing changes.
  'PUT /api/auth/updatePassword/:email': {
    expect: all(400),
    call: ({ w }) => ({
      url: `/api/auth/updatePassword/${encodeURIComponent(w.people.clientA.email)}`,
      payload: { token: 'x'.repeat(43), password: 'Another-Good-Pass-77' },
    }),
  },
  // Signs out a session of its own (a fresh one), so the actors' tokens live on.
  'POST /api/auth/signout': {
    expect: SIGNED_IN,
    call: async ({ w, as }) => ({
      url: '/api/auth/signout',
      token: as === 'visitor' ? null : await w.fresh.session(w.people[as]),
    }),
  },
  'GET /api/auth/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/auth/${w.people.clientA.id}` }),
  },
  'PUT /api/auth/update/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({
      url: `/api/auth/update/${w.people.clientA.id}`,
      payload: { full_name: 'Alice Client' },
    }),
  },

  // --- Files ------------------------------------------------------------------------------
  // Without an account only the sign-up picture may be uploaded.
  'POST /api/files': [
    { label: 'avatar', expect: PUBLIC, call: () => upload('avatar') },
    // A visitor's upload of any other kind is refused as an unsupported type.
    { label: 'licence proof', expect: { ...SIGNED_IN, visitor: 415 }, call: () => upload('license_proof') },
  ],
  'GET /files/:name': [
    fileCase('avatar', PUBLIC, (w) => w.files.avatar),
    fileCase('project attachment', PUBLIC, (w) => w.files.attachment),
    // A download names the file as its uploader did, never by its stored name: nothing to allow.
    fileCase('licence proof', only('engineerA', 'admin'), (w) => w.files.proof),
    fileCase('chat attachment', only('clientA', 'engineerA', 'admin'), (w) => w.files.chatFile),
    fileCase('deliverable', only('clientA', 'engineerA', 'admin'), (w) => w.files.deliverable),
  ],

  // --- Accounts and the directory ---------------------------------------------------------
  'GET /api/engineer/account': { expect: PUBLIC, call: get('/api/engineer/account') },
  'GET /api/engineer/account/id/:id': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/engineer/account/id/${w.people.engineerA.id}` }),
    // A verified licence's number is public, as the issuing board publishes it; a pending one is not.
    shows: everyoneBut('engineerA', ['verified_licence_number']),
  },
  'GET /api/engineer/account/user/:id': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/engineer/account/user/${w.people.engineerA.id}` }),
    shows: { admin: ['phone'] },
  },
  'POST /api/engineer/account/:userId': {
    expect: only('engineerA'),
    call: ({ w }) => ({
      url: `/api/engineer/account/${w.people.engineerA.id}`,
      payload: { ...engineerAccountBody, ssn: '123123123' },
    }),
  },
  'PUT /api/engineer/account/:id': {
    expect: only('engineerA'),
    call: ({ w }) => ({ url: `/api/engineer/account/${w.engineerAccount.id}`, payload: engineerAccountBody }),
  },
  'GET /api/client/account/user/:id': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/client/account/user/${w.people.clientA.id}` }),
    shows: { admin: ['phone'] },
  },
  'POST /api/client/account/:userId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/client/account/${w.people.clientA.id}`, payload: clientAccountBody }),
  },
  'PUT /api/client/account/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/client/account/${w.clientAccount.id}`, payload: clientAccountBody }),
  },

  // --- Licences ---------------------------------------------------------------------------
  'GET /api/engineer/license/user/:userId': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/engineer/license/user/${w.people.engineerA.id}` }),
    shows: { admin: ['licence_number', 'verified_licence_number', 'proof_file'] },
  },
  'POST /api/engineer/license/:userId': {
    expect: only('engineerA'),
    call: ({ w }) => ({
      url: `/api/engineer/license/${w.people.engineerA.id}`,
      payload: { ...licenceBody, license_number: fresh('TX') },
    }),
  },
  'PUT /api/engineer/license/:id': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/engineer/license/${allowed ? await w.fresh.licence() : w.pendingLicence.id}`,
      payload: { ...licenceBody, license_number: fresh('TX') },
    }),
  },
  'DELETE /api/engineer/license/:id': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/engineer/license/${allowed ? await w.fresh.licence() : w.pendingLicence.id}`,
    }),
  },
  'GET /api/engineer/pending_license': {
    expect: only('admin'),
    call: get('/api/engineer/pending_license'),
    shows: { admin: ['licence_number', 'proof_file', 'email'] },
  },
  'PATCH /api/engineer/license/:id/status': {
    expect: only('admin'),
    call: async ({ w, allowed }) => ({
      url: `/api/engineer/license/${allowed ? await w.fresh.licence() : w.pendingLicence.id}/status`,
      payload: { verification_status: 'rejected', reason: 'Unreadable scan.' },
    }),
  },

  // --- Payout account (and the test provider's own pages) ---------------------------------
  'GET /api/stripe/connect/status': {
    expect: only('engineerA', 'engineerB'),
    call: get('/api/stripe/connect/status'),
  },
  'POST /api/stripe/connect': {
    expect: only('engineerA', 'engineerB'),
    call: ({ as, w }) => ({
      url: '/api/stripe/connect',
      payload: { email: as === 'visitor' ? 'x@example.com' : w.people[as].email, country: 'US' },
    }),
  },
  'POST /api/stripe/connect/login': {
    expect: only('engineerA', 'engineerB'),
    call: () => ({ url: '/api/stripe/connect/login' }),
  },
  'GET /api/stripe/test-mode.css': { expect: PUBLIC, call: get('/api/stripe/test-mode.css') },
  // Capability links: without the link's token everyone gets the 'expired link' page.
  'GET /api/stripe/test-onboarding/:accountId': {
    expect: all(403),
    call: ({ w }) => ({ url: `/api/stripe/test-onboarding/${w.payoutAccount.providerAccountId}` }),
  },
  'POST /api/stripe/test-onboarding/:accountId': {
    expect: all(403),
    call: ({ w }) => ({
      url: `/api/stripe/test-onboarding/${w.payoutAccount.providerAccountId}`,
      payload: 'legal_name=Mallory&token=guess',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'GET /api/stripe/test-dashboard/:accountId': {
    expect: all(403),
    call: ({ w }) => ({ url: `/api/stripe/test-dashboard/${w.payoutAccount.providerAccountId}` }),
  },
  // Signed by the provider: an unsigned event is refused whoever sends it.
  'POST /api/stripe/webhook': {
    expect: all(400),
    call: () => ({
      url: '/api/stripe/webhook',
      payload: '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{}}}',
      headers: { 'content-type': 'application/json' },
    }),
  },

  // --- Payments ---------------------------------------------------------------------------
  'GET /api/payments/contract/:proposalId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/payments/contract/${w.checkoutDeal.proposalId}` }),
  },
  'POST /api/payments/checkout-session': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => {
      const deal = allowed ? await w.fresh.pendingDeal('Porch permit') : w.checkoutDeal;
      return {
        url: '/api/payments/checkout-session',
        payload: {
          project_id: deal.projectId,
          proposal_id: deal.proposalId,
          amount: deal.amount,
          currency: 'usd',
          email: w.people.clientA.email,
          signed_name: w.people.clientA.fullName,
          contract_sha256: await w.contractSha(deal.proposalId),
          agreed: true,
        },
        headers: { 'user-agent': 'vitest' },
      };
    },
  },
  'GET /api/payments/verify-session/:sessionId': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/payments/verify-session/${w.openCheckout.sessionId}` }),
  },
  // The test provider's card form: the session id in the link is the capability.
  // Like the provider's own page, it names the payer's e-mail: the link is only ever
  // given to the payer (the checkout-session answer).
  'GET /api/payments/test-checkout/:sessionId': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: w.openCheckout.path }),
    shows: everyoneBut('clientA', ['email']),
  },
  'POST /api/payments/test-checkout/:sessionId': {
    expect: all(402),
    call: ({ w }) => ({
      url: w.openCheckout.path,
      payload: 'name=Mallory&number=4000000000000002&expiry=12+%2F+34&cvc=123',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
    shows: everyoneBut('clientA', ['email']),
  },
  'GET /api/payments/user/:userId': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/payments/user/${w.people.clientA.id}` }),
  },
  'POST /api/payments/refund': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: '/api/payments/refund',
      payload: { paymentId: allowed ? (await w.fresh.paidDeal('Refund me')).paymentId : w.deal.paymentId },
    }),
  },
  'GET /api/payments/all_payments': {
    expect: only('admin'),
    call: get('/api/payments/all_payments'),
  },

  // --- Notifications ----------------------------------------------------------------------
  'GET /api/notification/:userId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/notification/${w.people.clientA.id}` }),
  },
  'PATCH /api/notification/read/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/notification/read/${w.notification.id}` }),
  },
  'DELETE /api/notification/:id': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/notification/${allowed ? await w.fresh.notification() : w.notification.id}`,
    }),
  },

  // --- Job alerts (engineers' own settings; the unsubscribe link is its own authority) ---
  'GET /api/alerts/settings': { expect: ENGINEERS, call: get('/api/alerts/settings') },
  'PUT /api/alerts/settings': {
    expect: ENGINEERS,
    call: () => ({ url: '/api/alerts/settings', payload: { mail_mode: 'daily' } }),
  },
  'GET /api/alerts/searches': { expect: ENGINEERS, call: get('/api/alerts/searches') },
  'POST /api/alerts/searches': {
    expect: ENGINEERS,
    call: () => ({ url: '/api/alerts/searches', payload: { name: 'Texas', filters: { state: 'Texas' } } }),
  },
  'PATCH /api/alerts/searches/:id': {
    expect: only('engineerA'),
    call: ({ w }) => ({ url: `/api/alerts/searches/${w.savedSearch.id}`, payload: { name: 'Renamed' } }),
  },
  'DELETE /api/alerts/searches/:id': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/alerts/searches/${allowed ? await w.fresh.savedSearch() : w.savedSearch.id}`,
    }),
  },
  'GET /api/alerts/unsubscribe': [
    {
      label: 'signed link',
      expect: PUBLIC,
      call: async ({ w }) => ({ url: `/api/alerts/unsubscribe?token=${await w.fresh.unsubscribeToken()}` }),
    },
    { label: 'no token', expect: all(400), call: get('/api/alerts/unsubscribe') },
  ],
  'POST /api/alerts/unsubscribe': [
    {
      label: 'signed link',
      expect: PUBLIC,
      call: async ({ w }) => ({ url: `/api/alerts/unsubscribe?token=${await w.fresh.unsubscribeToken()}` }),
    },
    {
      label: 'forged token',
      expect: all(400),
      call: ({ w }) => ({ url: `/api/alerts/unsubscribe?token=s.${w.savedSearch.id}.forged` }),
    },
  ],
  'GET /api/alerts/unsubscribe.css': { expect: PUBLIC, call: get('/api/alerts/unsubscribe.css') },

  // --- Projects ---------------------------------------------------------------------------
  'GET /api/projects': { expect: PUBLIC, call: get('/api/projects') },
  'GET /api/projects/id/:id': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/projects/id/${w.openProject.id}` }),
  },
  'GET /api/projects/customer/:clientId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/projects/customer/${w.people.clientA.id}` }),
  },
  'GET /api/projects/engineer/:id': {
    expect: only('engineerA'),
    call: ({ w }) => ({ url: `/api/projects/engineer/${w.people.engineerA.id}` }),
  },
  'POST /api/projects/:userId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/projects/${w.people.clientA.id}`, payload: projectBody }),
  },
  'PUT /api/projects/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/projects/${w.openProject.id}`, payload: { notes: 'Wet stamp wanted.' } }),
  },
  'DELETE /api/projects/:id': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/projects/${allowed ? await w.fresh.project() : w.openProject.id}`,
    }),
  },

  // --- Proposals --------------------------------------------------------------------------
  'POST /api/proposals/create/:engineerId': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/proposals/create/${w.people.engineerA.id}`,
      payload: {
        project_id: allowed ? await w.fresh.project() : w.openProject.id,
        description: 'Stamped drawings in a week',
        license_type: 'PE',
        proposed_amount: 900_00,
        delivery_days: 7,
      },
    }),
  },
  'GET /api/proposals/setup': {
    expect: only('engineerA', 'engineerB'),
    call: get('/api/proposals/setup'),
  },
  'GET /api/proposals/eligibility/:projectId': {
    expect: SIGNED_IN,
    call: ({ w }) => ({ url: `/api/proposals/eligibility/${w.openProject.id}` }),
  },
  'GET /api/proposals/project/:projectId/count': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/proposals/project/${w.openProject.id}/count` }),
  },
  'GET /api/proposals/project/:projectId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/proposals/project/${w.openProject.id}` }),
  },
  'GET /api/proposals/engineer/:engineerId': {
    expect: only('engineerA'),
    call: ({ w }) => ({ url: `/api/proposals/engineer/${w.people.engineerA.id}` }),
  },
  'GET /api/proposals/:id': {
    expect: only('clientA', 'engineerA'),
    call: ({ w }) => ({ url: `/api/proposals/${w.proposal.id}` }),
  },
  'PUT /api/proposals/update/:proposalId': {
    expect: only('engineerA'),
    call: ({ w }) => ({
      url: `/api/proposals/update/${w.proposal.id}`,
      payload: {
        description: 'Stamped drawings in five days',
        license_type: 'PE',
        proposed_amount: 1200_00,
        delivery_days: 5,
      },
    }),
  },
  'DELETE /api/proposals/withdraw/:proposalId': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/proposals/withdraw/${allowed ? (await w.fresh.pendingDeal()).proposalId : w.proposal.id}`,
    }),
  },
  'PUT /api/proposals/status/:userId': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/proposals/status/${w.people.clientA.id}`,
      payload: {
        proposal_id: allowed ? (await w.fresh.pendingDeal()).proposalId : w.proposal.id,
        new_status: 'rejected',
      },
    }),
  },
  'POST /api/proposals/send_invitation/:projectId/:engineerUserId': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/proposals/send_invitation/${allowed ? await w.fresh.project() : w.openProject.id}/${w.people.engineerB.id}`,
    }),
  },

  // --- Deliverables -----------------------------------------------------------------------
  'GET /api/submissions/project/:projectId': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/submissions/project/${w.deal.projectId}` }),
    shows: { clientA: ['deliverable_file'], admin: ['deliverable_file'] },
  },
  'GET /api/submissions/engineer/:id': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/submissions/engineer/${w.people.engineerA.id}` }),
    shows: { admin: ['deliverable_file'] },
  },
  'POST /api/submissions': {
    expect: only('engineerA'),
    call: async ({ w, allowed }) => ({
      url: '/api/submissions',
      payload: {
        project_id: allowed ? (await w.fresh.paidDeal('Second deliverable')).projectId : w.deal.projectId,
        engineer_id: w.people.engineerA.id,
        title: 'Permit set v2',
        description: 'Revised framing.',
        attachments: allowed ? await w.fresh.upload('deliverable', w.people.engineerA) : w.files.deliverable,
      },
    }),
  },
  'PUT /api/submissions/:id': {
    expect: only('engineerA'),
    call: ({ w }) => ({
      url: `/api/submissions/${w.submission.id}`,
      payload: { title: 'Permit set v1 (rev)' },
    }),
  },
  'PATCH /api/submissions/:id/approve': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/submissions/${allowed ? (await w.fresh.submission()).id : w.submission.id}/approve`,
      payload: { client_acceptance: false, comment: 'Please add the footing detail.' },
    }),
  },

  'POST /api/seals/check': {
    // Only the uploader asks about a deliverable file; anyone else's answers 404.
    expect: only('engineerA'),
    call: ({ w }) => ({ url: '/api/seals/check', payload: { attachments: w.files.deliverable } }),
  },

  // --- Ratings ----------------------------------------------------------------------------
  'POST /api/ratings': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: '/api/ratings',
      payload: {
        sender_id: w.people.clientA.id,
        receiver_id: w.people.engineerA.id,
        project_id: allowed ? (await w.fresh.completedDeal()).projectId : w.done.projectId,
        rate: 4,
      },
    }),
  },
  'GET /api/ratings/user/:userId': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/ratings/user/${w.people.engineerA.id}` }),
  },
  'GET /api/ratings/stats/:userId': {
    expect: PUBLIC,
    call: ({ w }) => ({ url: `/api/ratings/stats/${w.people.engineerA.id}` }),
  },
  'GET /api/ratings/check/:senderId/:receiverId/:projectId': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({
      url: `/api/ratings/check/${w.people.clientA.id}/${w.people.engineerA.id}/${w.done.projectId}`,
    }),
  },
  'GET /api/projects/completed/:clientId/:engineerId': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/projects/completed/${w.people.clientA.id}/${w.people.engineerA.id}` }),
  },

  // --- Wallet and payouts -----------------------------------------------------------------
  'GET /api/wallet/:userId': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/wallet/${w.people.engineerA.id}` }),
  },
  'GET /api/wallet/payouts/user/:userId': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/wallet/payouts/user/${w.people.engineerA.id}` }),
  },
  'GET /api/payout/user/:userId': {
    expect: only('engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/payout/user/${w.people.engineerA.id}` }),
  },

  // --- Problems (disputes) ----------------------------------------------------------------
  'POST /api/projects/:id/problem': {
    expect: only('clientA', 'engineerA'),
    call: async ({ w, allowed }) => ({
      url: `/api/projects/${allowed ? (await w.fresh.paidDeal('Problem deal')).projectId : w.deal.projectId}/problem`,
      payload: { description: 'Nothing heard for two weeks.' },
    }),
  },
  'POST /api/projects/:id/problem/withdraw': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/projects/${allowed ? (await w.fresh.disputedDeal()).projectId : w.disputed.projectId}/problem/withdraw`,
    }),
  },
  'GET /api/projects/:id/deal': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/projects/${w.deal.projectId}/deal` }),
  },
  'GET /api/projects/:id/dispute': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/projects/${w.disputed.projectId}/dispute` }),
  },
  'GET /api/disputes/ticket/:ticketId': {
    expect: only('admin'),
    call: ({ w }) => ({ url: `/api/disputes/ticket/${w.dispute.ticket_id}` }),
  },
  'POST /api/disputes/:id/resolve': {
    expect: only('admin'),
    call: async ({ w, allowed }) => ({
      url: `/api/disputes/${allowed ? (await w.fresh.disputedDeal()).dispute.id : w.dispute.id}/resolve`,
      payload: { outcome: 'released', note: 'Work was delivered.' },
    }),
  },

  // --- Project record ---------------------------------------------------------------------
  'GET /api/projects/:id/record': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/projects/${w.done.projectId}/record` }),
  },
  'GET /api/projects/:id/record/pdf': {
    expect: only('clientA', 'engineerA', 'admin'),
    call: ({ w }) => ({ url: `/api/projects/${w.done.projectId}/record/pdf` }),
  },

  // --- Chat -------------------------------------------------------------------------------
  'POST /api/chat/rooms/find': {
    expect: only('clientA', 'engineerA'),
    call: ({ w }) => ({
      url: '/api/chat/rooms/find',
      payload: {
        engineer_id: w.people.engineerA.id,
        client_id: w.people.clientA.id,
        project_id: w.deal.projectId,
      },
    }),
  },
  'POST /api/chat/rooms': {
    expect: only('clientA', 'engineerA'),
    call: ({ w }) => ({
      url: '/api/chat/rooms',
      payload: {
        engineer_id: w.people.engineerA.id,
        client_id: w.people.clientA.id,
        project_id: w.deal.projectId,
      },
    }),
  },
  'GET /api/chat/rooms/user/:userId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/chat/rooms/user/${w.people.clientA.id}` }),
  },
  'GET /api/chat/messages/:roomId': {
    expect: only('clientA', 'engineerA'),
    call: ({ w }) => ({ url: `/api/chat/messages/${w.room.id}` }),
    shows: { engineerA: ['phone', 'chat_file'] },
  },
  'GET /api/chat/unread_messages/:userId': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/chat/unread_messages/${w.people.clientA.id}` }),
  },

  // --- Finance, contact, support ----------------------------------------------------------
  'GET /api/admin/finance': { expect: only('admin'), call: get('/api/admin/finance') },

  // --- Receipts and statements -------------------------------------------------------------
  'GET /api/receipts/:paymentId': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/receipts/${w.deal.paymentId}` }),
  },
  'GET /api/receipts/:paymentId/refund': {
    expect: only('clientA', 'admin'),
    // One refunded payment of A's, made on first use: reading a receipt changes nothing.
    call: async ({ w }) => {
      refunded ??= w.fresh.refundedDeal();
      return { url: `/api/receipts/${(await refunded).paymentId}/refund` };
    },
  },
  'GET /api/statements/:engineerId': [
    {
      label: 'csv',
      expect: only('engineerA', 'admin'),
      call: ({ w }) => ({
        url: `/api/statements/${w.people.engineerA.id}?period=${new Date().getUTCFullYear()}&format=csv`,
      }),
    },
    {
      label: 'pdf',
      expect: only('engineerA', 'admin'),
      call: ({ w }) => ({
        url: `/api/statements/${w.people.engineerA.id}?period=${new Date().toISOString().slice(0, 7)}`,
      }),
    },
  ],
  'POST /api/contact': {
    expect: PUBLIC,
    call: () => ({
      url: '/api/contact',
      payload: {
        fullName: 'Visitor',
        email: 'visitor@example.com',
        subject: 'Hello',
        message: 'A question.',
      },
    }),
  },
  'GET /api/contact/info': { expect: PUBLIC, call: get('/api/contact/info') },
  'POST /api/support': {
    expect: SIGNED_IN,
    call: () => ({
      url: '/api/support',
      payload: { subject: 'Help', message: 'A question.', priority: 'low' },
    }),
  },
  'GET /api/support/my-tickets': { expect: SIGNED_IN, call: get('/api/support/my-tickets') },
  'GET /api/support': {
    expect: only('admin'),
    call: get('/api/support'),
    shows: { admin: ['email', 'phone'] },
  },
  'GET /api/support/:id': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/support/${w.ticket.id}` }),
    shows: { admin: ['email', 'phone'] },
  },
  'PUT /api/support/:id': {
    expect: only('admin'),
    call: ({ w }) => ({ url: `/api/support/${w.ticket.id}`, payload: { status: 'pending' } }),
    shows: { admin: ['email', 'phone'] },
  },
  'DELETE /api/support/:id': {
    expect: only('clientA'),
    call: async ({ w, allowed }) => ({
      url: `/api/support/${allowed ? await w.fresh.ticket() : w.ticket.id}`,
    }),
  },
  'GET /api/support/:id/replies': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/support/${w.ticket.id}/replies` }),
  },
  'POST /api/support/:id/replies': {
    expect: only('clientA', 'admin'),
    call: ({ w }) => ({ url: `/api/support/${w.ticket.id}/replies`, payload: { message: 'Following up.' } }),
  },

  // --- Development and browser-test hooks -------------------------------------------------
  // The outbox page: only on the embedded database outside production (docs/SECURITY.md),
  // where it shows every mail by design.
  'GET /dev/mail': {
    expect: PUBLIC,
    call: get('/dev/mail'),
    present: (app) => app.ctx.database.kind === 'pglite' && app.ctx.config.env !== 'production',
    shows: {
      ...everyoneBut('clientA', ['email', 'token', 'verified_licence_number']),
      clientA: ['email', 'verified_licence_number'],
      engineerA: ['email', 'token'],
    },
  },
  'GET /dev/mail.css': {
    expect: PUBLIC,
    call: get('/dev/mail.css'),
    present: (app) => app.ctx.database.kind === 'pglite' && app.ctx.config.env !== 'production',
  },
  // Browser tests only (E2E_TEST_HOOKS): a payout run for a day long past pays nothing.
  'POST /dev/payouts-run': {
    expect: PUBLIC,
    call: () => ({ url: '/dev/payouts-run', payload: { date: '2000-01-02' } }),
    present: (app) => app.ctx.config.testHooks,
  },
  // Browser tests only (E2E_TEST_HOOKS): the ledger check they end with; it changes nothing.
  'GET /dev/ledger-check': {
    expect: PUBLIC,
    call: () => ({ url: '/dev/ledger-check' }),
    present: (app) => app.ctx.config.testHooks,
  },

  // Last: the owner deletes their account.
  'DELETE /api/auth/:id': {
    expect: only('clientA'),
    call: ({ w }) => ({ url: `/api/auth/${w.people.clientA.id}`, payload: { password: w.password } }),
  },
};
