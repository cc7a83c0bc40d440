// Demo deliverables and ratings, so every state shows at once, consistent with the ledger
// (seed/payments.ts): a project is completed exactly when a version was accepted and its
// escrow released; in-progress projects hold versions still waiting or rejected; assigned
// projects have none yet. The PDFs are real drawings, signed with demo seal certificates and
// checked by the product's own signature check, so their lines read true:
// - Ethan Engineer (the demo engineer) on Claire's office HVAC job: an unsigned version the
//   client rejected ('Not digitally signed', with her comment), then a signed one she
//   accepted; they rated each other.
// - Ethan on Marcus's stormwater report: a version 'Changed after signing', rejected with a
//   comment, and a signed one waiting for Marcus (pending, still editable).
// - Noah Kim on Marcus's lab exhaust (accepted; rated both ways), Charlotte Wilson on Olivia's
//   machinery shed (accepted; Olivia rated her, Charlotte has yet to rate Olivia), James
//   O'Connor on Olivia's balcony remediation (waiting for Olivia), signed with a certificate
//   he made himself (the 'self-signed' seal verdict), waiting 8 days so the first reminder
//   has gone out (deal-stories.ts);
// - Priya Raman on Marcus's pool: a version he rejected (no retaining design for the
//   downhill edge), which she is revising.
// The other seals come from the demo seal authority (stamped-pdf.ts), 'verified' where the
// server's trust store is the demo one (SEAL_TRUST_ROOTS=demo-trust-store.pem, as in
// development and the browser tests).
// Claire's load-bearing wall job stays assigned with nothing submitted, for the demo engineer
// to try the upload himself.
import { createHash, randomUUID } from 'node:crypto';
import { filePath } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { Storage } from '../adapters/storage/storage.ts';
import type { DbOrTx } from '../db/client.ts';
import { files, payments, payouts, ratings, submissions } from '../db/schema/index.ts';
import { checkPdfSignatures } from '../modules/seals/pdf-signatures.ts';
import { drawingPdf, makeSealIdentity, signPdf } from './stamped-pdf.ts';
import type { SeededUsers } from './users.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Pdf = 'signed' | 'unsigned' | 'changed';

type Version = {
  title: string;
  description: string;
  pdf: Pdf;
  sheet: string;
  /** Days before the decision (completed) or before now (others) it was submitted. */
  submittedAgo: number;
  decision?: { accept: true } | { accept: false; comment: string; decidedAgo: number };
};

type Deal = {
  /** Project key in seed/projects.ts. */
  project: string;
  engineer: string;
  client: string;
  /** The engineer's seal: name on the certificate, firm, where they sign. */
  seal: { name: string; firm: string; location: string; country?: string; selfSigned?: true };
  versions: Version[];
  ratings?: { clientToEngineer?: [number, string]; engineerToClient?: [number, string] };
};

const DEALS: Deal[] = [
  {
    project: 'office-hvac',
    engineer: 'engineer',
    client: 'client',
    seal: { name: 'Ethan Engineer, PE', firm: 'Engineer Mechanical PLLC', location: 'Austin, TX' },
    versions: [
      {
        title: 'RTU replacement drawings, revision 0',
        description: 'M-101 roof plan with the three new units, curb adapter and anchorage details.',
        pdf: 'unsigned',
        sheet: 'M-101 Roof mechanical plan',
        submittedAgo: 5,
        decision: {
          accept: false,
          decidedAgo: 4,
          comment:
            'The drawings look right, but this PDF carries no digital signature and the city’s e-permit portal only takes sealed, digitally signed sets. Please sign it and send it again.',
        },
      },
      {
        title: 'RTU replacement drawings, revision 1 (signed)',
        description:
          'Same set, sealed and digitally signed for the permit, with the curb adapter detail enlarged as you asked.',
        pdf: 'signed',
        sheet: 'M-101 Roof mechanical plan',
        submittedAgo: 2,
        decision: { accept: true },
      },
    ],
    ratings: {
      clientToEngineer: [
        5,
        'Clear drawings, quick answers, and the permit went through on the first review. Would hire again.',
      ],
      engineerToClient: [5, 'Organised client: site photos and unit data sheets up front, fast decisions.'],
    },
  },
  {
    project: 'stormwater',
    engineer: 'engineer',
    client: 'client2',
    seal: { name: 'Ethan Engineer, PE', firm: 'Engineer Mechanical PLLC', location: 'Phoenix, AZ' },
    versions: [
      {
        title: 'Drainage report and pond grading plan',
        description: 'Detention sizing per the county manual, pond grading and the outlet structure.',
        pdf: 'changed',
        sheet: 'C-201 Detention pond grading',
        submittedAgo: 10,
        decision: {
          accept: false,
          decidedAgo: 8,
          comment:
            'The signature check says this file was changed after it was signed. The county will not accept it like that; please re-issue the signed set.',
        },
      },
      {
        title: 'Drainage report and pond grading plan, re-signed',
        description: 'Re-issued and signed again after the last edits; outlet weir elevation updated.',
        pdf: 'signed',
        sheet: 'C-201 Detention pond grading',
        submittedAgo: 3,
      },
    ],
  },
  // Ethan's two other finished jobs (their payouts show in his wallet): accepted first time.
  {
    project: 'porch',
    engineer: 'engineer',
    client: 'client2',
    seal: { name: 'Ethan Engineer, PE', firm: 'Engineer Mechanical PLLC', location: 'Austin, TX' },
    versions: [
      {
        title: 'Porch framing and footing plan',
        description: 'Beam, rafter tie-in and footings for the 12x20 ft porch, sealed for permit.',
        pdf: 'signed',
        sheet: 'S-101 Porch framing plan',
        submittedAgo: 2,
        decision: { accept: true },
      },
    ],
  },
  {
    project: 'sign',
    engineer: 'engineer',
    client: 'client2',
    seal: { name: 'Ethan Engineer, PE', firm: 'Engineer Mechanical PLLC', location: 'Austin, TX' },
    versions: [
      {
        title: 'Monument sign foundation design',
        description: 'Spread footing, anchor bolts and wind load calculations, sealed for permit.',
        pdf: 'signed',
        sheet: 'S-201 Sign foundation',
        submittedAgo: 3,
        decision: { accept: true },
      },
    ],
  },
  {
    project: 'lab',
    engineer: 'eng7',
    client: 'client2',
    seal: { name: 'Noah Kim, PE', firm: 'Kim Mechanical Engineering', location: 'Seattle, WA' },
    versions: [
      {
        title: 'Fume hood exhaust upgrade, permit set',
        description: 'Exhaust fans, duct risers and the energy recovery coil loop, sealed for permit.',
        pdf: 'signed',
        sheet: 'M-301 Exhaust riser diagram',
        submittedAgo: 3,
        decision: { accept: true },
      },
    ],
    ratings: {
      clientToEngineer: [4, 'Solid design and good energy recovery options; one revision took a while.'],
      engineerToClient: [5, 'Great access to the lab and the facilities team. A pleasure.'],
    },
  },
  {
    project: 'shed',
    engineer: 'eng6',
    client: 'client3',
    seal: {
      name: 'Charlotte Wilson, CPEng',
      firm: 'Wilson Structures',
      location: 'Hobart, TAS',
      country: 'AU',
    },
    versions: [
      {
        title: 'Portal frame shed drawings and footing details',
        description: 'Frame, bracing and pad footing details for the 18x30 m shed, certified.',
        pdf: 'signed',
        sheet: 'S-001 Portal frame elevation',
        submittedAgo: 4,
        decision: { accept: true },
      },
    ],
    ratings: {
      clientToEngineer: [5, 'Fast and thorough; the council accepted the certificate straight away.'],
    },
  },
  {
    project: 'balcony',
    engineer: 'eng3',
    client: 'client3',
    seal: {
      name: 'James O’Connor, CPEng',
      firm: 'O’Connor Consulting Engineers',
      location: 'Sydney, NSW',
      country: 'AU',
      selfSigned: true,
    },
    versions: [
      {
        title: 'Balcony inspection report and remediation drawings',
        description: 'Inspection findings for all 12 balconies and the joist replacement details.',
        pdf: 'signed',
        sheet: 'S-201 Balcony remediation',
        // Past the first reminder: Olivia has been reminded to decide (dealStories.ts).
        submittedAgo: 8,
      },
    ],
  },
  // Priya's pool shell, rejected: Marcus asked for the downhill wall, and she is revising.
  {
    project: 'pool',
    engineer: 'eng2',
    client: 'client2',
    seal: { name: 'Priya Raman, PE', firm: 'Raman Structural Engineering', location: 'Los Angeles, CA' },
    versions: [
      {
        title: 'Pool shell and spa structural set',
        description: 'Shell reinforcement, spa bench and the coping details.',
        pdf: 'signed',
        sheet: 'S-301 Pool shell',
        submittedAgo: 4,
        decision: {
          accept: false,
          decidedAgo: 2,
          comment:
            'The set has no retaining design for the downhill edge, which the county asks for on a hillside lot. Please add it and send the set again.',
        },
      },
    ],
  },
];

type StoredPdf = { name: string; sha256: string; size: number; bytes: Buffer };
export type SeededDeliverables = Map<string, StoredPdf>;
const fileKey = (deal: Deal, index: number) => `${deal.project}#${index}`;

/**
 * Makes and stores every demo deliverable (before the seed's transaction, as files are
 * stored outside the database): drawings signed with a seal certificate per engineer, one
 * left unsigned, one with bytes added after signing.
 */
export async function storeDeliverables(storage: Storage, now = new Date()): Promise<SeededDeliverables> {
  const identities = new Map<string, Buffer>();
  const out: SeededDeliverables = new Map();
  for (const deal of DEALS) {
    const seal = deal.seal;
    let identity = identities.get(seal.name);
    if (!identity) {
      identity = makeSealIdentity(
        { commonName: seal.name, organization: seal.firm, country: seal.country },
        { selfSigned: seal.selfSigned },
      );
      identities.set(seal.name, identity);
    }
    for (const [i, v] of deal.versions.entries()) {
      const drawing = await drawingPdf({ title: v.sheet, project: v.title, engineer: seal.name });
      let bytes = drawing;
      if (v.pdf !== 'unsigned') {
        bytes = await signPdf(drawing, identity, {
          name: seal.name,
          location: seal.location,
          signingTime: new Date(now.getTime() - v.submittedAgo * DAY - HOUR),
        });
      }
      // An edit saved over the signed file: bytes the signature does not cover.
      if (v.pdf === 'changed')
        bytes = Buffer.concat([
          bytes,
          Buffer.from('\n% outlet weir elevation revised after signing\n%%EOF\n'),
        ]);
      const name = await storage.put(bytes, 'pdf', 'application/pdf');
      out.set(fileKey(deal, i), {
        name,
        bytes,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  return out;
}

export async function seedSubmissions(
  tx: DbOrTx,
  people: SeededUsers,
  projectIds: Record<string, string>,
  stored: SeededDeliverables,
  trustRootsPem: string,
  now = new Date(),
): Promise<void> {
  for (const deal of DEALS) {
    const projectId = projectIds[deal.project];
    const engineerId = people[deal.engineer].id;
    const clientId = people[deal.client].id;
    if (!projectId) continue;
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.projectId, projectId), eq(payments.status, 'succeeded')));
    // Only a paid deal has deliverables; the accepted version is the one that released it.
    if (!payment) continue;
    const acceptedAt = payment.releasedAt;
    const anchor = acceptedAt ?? now;
    for (const [i, v] of deal.versions.entries()) {
      const file = stored.get(fileKey(deal, i));
      if (!file) continue;
      const accepted = v.decision?.accept === true;
      // Never claim a release the ledger does not hold.
      if (accepted && !acceptedAt) continue;
      const createdAt = new Date(anchor.getTime() - v.submittedAgo * DAY);
      const decidedAt = !v.decision
        ? null
        : v.decision.accept
          ? acceptedAt
          : new Date(anchor.getTime() - v.decision.decidedAgo * DAY);
      const id = randomUUID();
      await tx.insert(submissions).values({
        id,
        projectId,
        engineerId,
        title: v.title,
        description: v.description,
        attachments: filePath(file.name),
        fileSha256: file.sha256,
        fileSize: file.size,
        signature: await checkPdfSignatures(file.bytes, { trustRootsPem }),
        clientAcceptance: v.decision ? v.decision.accept : null,
        decisionComment: v.decision && !v.decision.accept ? v.decision.comment : null,
        decidedAt,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
      });
      await tx.insert(files).values({
        name: file.name,
        kind: 'deliverable',
        uploaderId: engineerId,
        subjectId: id,
        contentType: 'application/pdf',
        size: file.size,
        createdAt,
      });
      // The payout of the release belongs to the accepted version (seed/payments.ts made it).
      if (accepted)
        await tx.update(payouts).set({ submissionId: id }).where(eq(payouts.paymentId, payment.id));
    }
    if (!acceptedAt || !deal.ratings) continue;
    const { clientToEngineer, engineerToClient } = deal.ratings;
    const rows = [
      clientToEngineer && { senderId: clientId, receiverId: engineerId, rating: clientToEngineer, after: 6 },
      engineerToClient && { senderId: engineerId, receiverId: clientId, rating: engineerToClient, after: 20 },
    ].filter((r) => !!r);
    for (const r of rows)
      await tx.insert(ratings).values({
        senderId: r.senderId,
        receiverId: r.receiverId,
        projectId,
        rate: r.rating[0],
        comment: r.rating[1],
        createdAt: new Date(Math.min(acceptedAt.getTime() + r.after * HOUR, now.getTime() - HOUR)),
      });
  }
}
