// The world the authorization matrix calls every route in: six actors and objects owned by
// client A and engineer A (projects in every stage of a deal, proposals, licences, accounts,
// tickets, notifications, files of every kind, payments, submissions, ratings, a chat room,
// a dispute, a payout), built through the product's own API and test fixtures. A's objects
// carry recognisable secrets (e-mail, phone, SSN, licence number, private file names,
// tokens, password hashes) so the matrix can tell when an answer leaks one.
import { createHash } from 'node:crypto';
import type { FileKind } from '@app/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  chatRooms,
  licenses,
  notifications,
  payoutAccounts,
  proposals,
  savedSearches,
  supportTickets,
  users,
} from '../db/schema/index.ts';
import { createSession } from '../modules/access/sessions.ts';
import { unsubscribeToken } from '../modules/alerts/alerts.tokens.ts';
import { sendMessage } from '../modules/chat/chat.service.ts';
import { drawingPdf } from '../seed/stamped-pdf.ts';
import { GOOD_PASSWORD, mailsTo, signedInVia } from './fixtures/auth.ts';
import { PDF, PNG, uploaded } from './fixtures/files.ts';
import { checkout, paymentOf, payWithCard, sessionOf } from './fixtures/payments.ts';
import { providerAccount } from './fixtures/payouts.ts';
import { addLicense, addPayoutAccount, insertProject } from './fixtures/projects.ts';
import { createUser, eventually, type TestApp } from './harness.ts';

export const ACTORS = ['visitor', 'clientA', 'clientB', 'engineerA', 'engineerB', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Person = {
  id: string;
  email: string;
  fullName: string;
  role: 'client' | 'engineer' | 'admin';
  token: string;
  auth: { authorization: string };
};

/** What a secret is, for the table's allowances ('email' may be shown to admins...). */
export type SecretKind =
  | 'email'
  | 'phone'
  | 'ssn'
  | 'licence_number'
  | 'verified_licence_number'
  | 'proof_file'
  | 'chat_file'
  | 'deliverable_file'
  | 'token'
  | 'password_hash';
export type Secret = { kind: SecretKind; owner: 'clientA' | 'engineerA'; value: string; label: string };

const CLIENT_A_PHONE = '5125550177';
const ENGINEER_A_PHONE = '5125550142';
const ENGINEER_A_SSN = '987650321';
const LICENCE_NUMBER = 'TX-PE-7788991';
const PENDING_LICENCE_NUMBER = 'TX-SE-4455662';

export type Deal = { projectId: string; proposalId: string; paymentId: string; amount: number };

export async function buildWorld(app: TestApp) {
  const inject = async (
    who: Person | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: who?.auth,
      payload: payload as Record<string, unknown>,
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.body ? res.json() : undefined;
  };

  // A's two people sign up and in like a browser does: real argon2 hashes, PIN-verified
  // sessions and trusted-device tokens.
  const signedUp = async (
    role: 'client' | 'engineer',
    fullName: string,
  ): Promise<Person & { deviceToken: string }> => {
    const s = await signedInVia(app, { role, fullName });
    return {
      id: s.id,
      email: s.email,
      fullName,
      role,
      token: s.token,
      auth: s.auth,
      deviceToken: s.deviceToken,
    };
  };
  const clientA = await signedUp('client', 'Alice Client');
  const engineerA = await signedUp('engineer', 'Edgar Engineer');
  const clientB = (await createUser(app, { role: 'client', fullName: 'Bob Client' })) as Person;
  const engineerB = (await createUser(app, { role: 'engineer', fullName: 'Erin Engineer' })) as Person;
  const admin = (await createUser(app, { role: 'admin', fullName: 'Ada Admin' })) as Person;
  await addLicense(app, engineerB.id);
  await addPayoutAccount(app, engineerB.id);
  await providerAccount(app, engineerB.id, true);
  const people = { clientA, clientB, engineerA, engineerB, admin };

  // Accounts with phone numbers and the SSN.
  const avatar = await uploaded(app, 'avatar', engineerA.auth, PNG);
  await inject(engineerA, 'PUT', `/api/auth/update/${engineerA.id}`, { profile_picture: avatar });
  await inject(engineerA, 'POST', `/api/engineer/account/${engineerA.id}`, {
    phone_number: ENGINEER_A_PHONE,
    ssn: ENGINEER_A_SSN,
    country: 'USA',
    state: 'Texas',
    specializations: ['civil', 'structural'],
    highest_education: 'master',
    years_of_experience: 7,
    portfolio: 'https://example.com/portfolio',
    hours_rate: 12550,
    availability: 'full-time',
  });
  const clientAccount = await inject(clientA, 'POST', `/api/client/account/${clientA.id}`, {
    phone_number: CLIENT_A_PHONE,
    company_name: 'Alice Builds',
    company_website: 'https://alice.example',
    country: 'USA',
    state: 'Texas',
  });
  const engineerAccount = await inject(engineerA, 'GET', `/api/engineer/account/user/${engineerA.id}`);

  // Licences: one verified by the admin (engineer A may then propose), one waiting.
  const licenceInput = (number: string, type: string, proof: string) => ({
    license_number: number,
    license_type: type,
    issue_country: 'USA',
    issue_state: 'Texas',
    specializations: ['civil'],
    expiration_date: '2099-12-31',
    proof_url: proof,
  });
  const proof = await uploaded(app, 'license_proof', engineerA.auth, PDF);
  const verified = await inject(
    engineerA,
    'POST',
    `/api/engineer/license/${engineerA.id}`,
    licenceInput(LICENCE_NUMBER, 'PE', proof),
  );
  await inject(admin, 'PATCH', `/api/engineer/license/${verified.id}/status`, {
    verification_status: 'verified',
  });
  const pendingProof = await uploaded(app, 'license_proof', engineerA.auth, PDF);
  const pendingLicence = await inject(
    engineerA,
    'POST',
    `/api/engineer/license/${engineerA.id}`,
    licenceInput(PENDING_LICENCE_NUMBER, 'SE', pendingProof),
  );
  await addPayoutAccount(app, engineerA.id);
  const [payoutAccount] = await app.ctx.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, engineerA.id));
  await providerAccount(app, engineerA.id, true);

  // An open project with an attachment and engineer A's pending proposal.
  const attachment = await uploaded(app, 'project_attachment', clientA.auth, PDF);
  const openProject = await inject(clientA, 'POST', `/api/projects/${clientA.id}`, {
    title: 'Deck structural review',
    description: 'Need stamped drawings for a backyard deck.',
    specializations: ['structural'],
    license_type: 'PE',
    budget: 150000,
    deadline: '2099-12-01',
    country: 'USA',
    state: 'Texas',
    urgency_level: 'high',
    attachments: attachment,
  });
  const proposal = await inject(engineerA, 'POST', `/api/proposals/create/${engineerA.id}`, {
    project_id: openProject.id,
    description: 'Stamped drawings in a week',
    license_type: 'PE',
    proposed_amount: 1200_00,
    delivery_days: 7,
  });

  /** A project of client A with a pending proposal of engineer A (straight in the database). */
  const pendingDeal = async (title = 'Fence permit', amount = 400_00) => {
    const projectId = await insertProject(app, clientA.id, { title });
    const [row] = await app.ctx.db
      .insert(proposals)
      .values({
        projectId,
        engineerId: engineerA.id,
        description: 'Stamped drawings in a week',
        licenseType: 'PE',
        proposedAmount: amount,
      })
      .returning({ id: proposals.id });
    return { projectId, proposalId: row.id, amount };
  };
  /** Client A pays engineer A's proposal with the test-mode card: the project is under way. */
  const paidDeal = async (title = 'Garage beam'): Promise<Deal> => {
    const d = await pendingDeal(title);
    const res = await checkout(app, clientA, d);
    expect(res.statusCode, res.body).toBe(200);
    expect((await payWithCard(app, res.json().url)).statusCode).toBe(303);
    const [payment] = await paymentOf(app, d.proposalId);
    expect(payment.status).toBe('succeeded');
    return { ...d, paymentId: payment.id };
  };
  let deliverablePdf: Buffer | undefined;
  const submitVersion = async (projectId: string) => {
    deliverablePdf ??= await drawingPdf({ title: 'S-101', project: 'Test', engineer: 'Edgar Engineer' });
    const file = await uploaded(app, 'deliverable', engineerA.auth, deliverablePdf);
    const submission = await inject(engineerA, 'POST', '/api/submissions', {
      project_id: projectId,
      engineer_id: engineerA.id,
      title: 'Permit set v1',
      description: 'Sealed foundation and framing plans.',
      attachments: file,
    });
    return { submission, file };
  };
  const reportProblem = async (projectId: string) =>
    inject(clientA, 'POST', `/api/projects/${projectId}/problem`, {
      description: 'The engineer stopped answering for two weeks.',
    });

  // A checkout left open (its page is a capability link).
  const checkoutDeal = await pendingDeal('Stair permit');
  const openCheckout = sessionOf((await checkout(app, clientA, checkoutDeal)).json().url);

  // Under way: a chat with an attachment and a pending submission.
  const deal = await paidDeal('Garage beam');
  // The payment opened the deal's room.
  const [room] = await app.ctx.db.select().from(chatRooms).where(eq(chatRooms.projectId, deal.projectId));
  const chatFile = await uploaded(app, 'chat_attachment', clientA.auth, PDF);
  await sendMessage(
    app.ctx,
    { id: clientA.id, role: 'client' },
    {
      room_id: room.id,
      message: `Call me on ${CLIENT_A_PHONE}`,
      attachments: chatFile,
    },
  );
  const { submission, file: deliverable } = await submitVersion(deal.projectId);

  // Completed: accepted, rated both ways, payout due.
  const done = await paidDeal('Kitchen wall');
  const doneVersion = await submitVersion(done.projectId);
  await inject(clientA, 'PATCH', `/api/submissions/${doneVersion.submission.id}/approve`, {
    client_acceptance: true,
  });
  await inject(clientA, 'POST', '/api/ratings', {
    sender_id: clientA.id,
    receiver_id: engineerA.id,
    project_id: done.projectId,
    rate: 5,
    comment: 'Quick and clear.',
  });

  // In dispute: client A reported a problem; support has its ticket.
  const disputed = await paidDeal('Roof truss');
  const dispute = await reportProblem(disputed.projectId);

  // A support ticket with a reply, and a notification.
  const ticket = await inject(clientA, 'POST', '/api/support', {
    subject: 'Invoice question',
    message: `Please call ${CLIENT_A_PHONE}`,
    priority: 'low',
  });
  await inject(clientA, 'POST', `/api/support/${ticket.id}/replies`, { message: 'Any news?' });
  const [notification] = await app.ctx.db
    .insert(notifications)
    .values({ userId: clientA.id, message: 'Your project has a new proposal.' })
    .returning();

  // A reset link waiting in the outbox (its token must never appear in an answer).
  await inject(undefined, 'POST', '/api/auth/password-reset', { email: clientA.email });
  // The mail leaves after the answer.
  const resetMail = await eventually(async () =>
    (await mailsTo(app, clientA.email)).find((m) => /token=/.test(m.text)),
  );
  const resetToken = /token=([\w-]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';
  expect(resetToken).not.toBe('');

  const hashOf = async (id: string) =>
    (await app.ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id)))[0].h;
  const sha = (t: string) => createHash('sha256').update(t).digest('hex');
  const fileName = (link: string) => link.split('/').pop() as string;
  const secrets: Secret[] = [];
  const secret = (kind: SecretKind, owner: Secret['owner'], value: string, label: string) =>
    secrets.push({ kind, owner, value, label });
  for (const [owner, p] of [
    ['clientA', clientA],
    ['engineerA', engineerA],
  ] as const) {
    secret('email', owner, p.email, `${owner} e-mail`);
    secret('token', owner, p.token, `${owner} session token`);
    secret('token', owner, sha(p.token), `${owner} session token hash`);
    secret('token', owner, p.deviceToken, `${owner} device token`);
    secret('token', owner, sha(p.deviceToken), `${owner} device token hash`);
    secret('password_hash', owner, await hashOf(p.id), `${owner} password hash`);
  }
  secret('phone', 'clientA', CLIENT_A_PHONE, 'clientA phone');
  secret('phone', 'engineerA', ENGINEER_A_PHONE, 'engineerA phone');
  secret('ssn', 'engineerA', ENGINEER_A_SSN, 'engineerA SSN');
  secret('ssn', 'engineerA', '987-65-0321', 'engineerA SSN (formatted)');
  secret('verified_licence_number', 'engineerA', LICENCE_NUMBER, 'engineerA verified licence number');
  secret('licence_number', 'engineerA', PENDING_LICENCE_NUMBER, 'engineerA pending licence number');
  secret('proof_file', 'engineerA', fileName(proof), 'engineerA licence proof');
  secret('proof_file', 'engineerA', fileName(pendingProof), 'engineerA pending licence proof');
  secret('chat_file', 'clientA', fileName(chatFile), 'clientA chat attachment');
  secret('deliverable_file', 'engineerA', fileName(deliverable), 'engineerA deliverable');
  secret('token', 'clientA', resetToken, 'clientA reset token');
  secret('token', 'clientA', sha(resetToken), 'clientA reset token hash');

  const fresh = {
    /** An open project of client A. */
    project: (title = 'Shed permit') => insertProject(app, clientA.id, { title }),
    pendingDeal,
    paidDeal,
    /** A paid deal in dispute, reported by client A. */
    disputedDeal: async () => {
      const d = await paidDeal('Porch roof');
      return { ...d, dispute: await reportProblem(d.projectId) };
    },
    /** A pending submission on a fresh paid deal. */
    submission: async () => {
      const d = await paidDeal('Carport');
      return (await submitVersion(d.projectId)).submission as { id: string };
    },
    /** A fresh deal whose first version client A accepted: the project is completed. */
    completedDeal: async () => {
      const d = await paidDeal('Balcony rail');
      const { submission: version } = await submitVersion(d.projectId);
      await inject(clientA, 'PATCH', `/api/submissions/${version.id}/approve`, { client_acceptance: true });
      return d;
    },
    /** A paid deal of client A's, refunded at client A's request (its refund receipt exists). */
    refundedDeal: async () => {
      const d = await paidDeal('Fence permit');
      await inject(clientA, 'POST', '/api/payments/refund', { paymentId: d.paymentId });
      return d;
    },
    /** A pending licence of engineer A. */
    licence: async () => {
      const [row] = await app.ctx.db
        .insert(licenses)
        .values({
          userId: engineerA.id,
          licenseNumber: `L-${Math.random().toString(36).slice(2, 8)}`,
          licenseType: 'PE',
          issueCountry: 'USA',
          issueState: 'Texas',
          specializations: ['civil'],
          expirationDate: '2099-12-31',
          verificationStatus: 'pending',
        })
        .returning({ id: licenses.id });
      return row.id;
    },
    /** A saved search of engineer A. */
    savedSearch: async () => {
      const [row] = await app.ctx.db
        .insert(savedSearches)
        .values({ userId: engineerA.id, name: 'Fresh search', filters: { state: 'Texas' } })
        .returning({ id: savedSearches.id });
      return row.id;
    },
    /** A signed one-click unsubscribe token for a fresh saved search of engineer A. */
    unsubscribeToken: async () =>
      unsubscribeToken(app.ctx.config.unsubscribeKey, {
        kind: 'search',
        searchId: await fresh.savedSearch(),
      }),
    notification: async () => {
      const [row] = await app.ctx.db
        .insert(notifications)
        .values({ userId: clientA.id, message: 'Fresh note.' })
        .returning({ id: notifications.id });
      return row.id;
    },
    ticket: async () => {
      const [row] = await app.ctx.db
        .insert(supportTickets)
        .values({
          userId: clientA.id,
          userName: clientA.fullName,
          email: clientA.email,
          subject: 'Fresh question',
          message: 'Hello',
          priority: 'low',
        })
        .returning({ id: supportTickets.id });
      return row.id;
    },
    /** An upload of `kind` by `who`, its link. */
    upload: (kind: FileKind, who: Person) =>
      uploaded(app, kind, who.auth, kind === 'avatar' ? PNG : kind === 'deliverable' ? deliverablePdf : PDF),
    /** A new session of `who`, for calls that end the session they are made with. */
    session: (who: Person) => createSession(app.ctx.db, who.id),
  };

  return {
    people,
    /** Client A's and engineer A's password (they signed up with it). */
    password: GOOD_PASSWORD,
    clientAccount: clientAccount as { id: string },
    engineerAccount: engineerAccount as { id: string },
    licence: verified as { id: string },
    pendingLicence: pendingLicence as { id: string },
    payoutAccount,
    files: { avatar, attachment, proof, pendingProof, chatFile, deliverable },
    openProject: openProject as { id: string },
    proposal: proposal as { id: string },
    checkoutDeal,
    openCheckout,
    deal,
    room,
    submission: submission as { id: string },
    done,
    disputed,
    dispute: dispute as { id: string; ticket_id: string },
    ticket: ticket as { id: string },
    notification,
    /** A saved search of engineer A. */
    savedSearch: { id: await fresh.savedSearch() },
    secrets,
    fresh,
    /** The contract's digest client A signs for a checkout of `proposalId`. */
    contractSha: async (proposalId: string) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/payments/contract/${proposalId}`,
        headers: clientA.auth,
      });
      return res.statusCode === 200 ? (res.json().sha256 as string) : 'f'.repeat(64);
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
