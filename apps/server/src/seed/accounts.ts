// Demo accounts, licences and payout accounts. The demo engineer
// (engineer@demo.stampworks.dev) is fully eligible to apply: a verified PE licence and
// payouts enabled. Others show every other state: pending licences for the admin to
// review, a rejected one, an expired one, one expiring soon; payout accounts missing,
// connected but not enabled, and enabled.
import { randomUUID } from 'node:crypto';
import {
  type Education,
  filePath,
  type LicenseStatus,
  type LicenseType,
  type PayoutCountry,
  type Specialization,
} from '@app/shared';
import type { Storage } from '../adapters/storage/storage.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  clientAccounts,
  engineerAccounts,
  files,
  licenses,
  payoutAccounts,
  testConnectAccounts,
} from '../db/schema/index.ts';
import { encrypt } from '../lib/crypto.ts';
import type { SeededUsers } from './users.ts';

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type EngineerSeed = {
  key: string;
  phone: string;
  ssn: string;
  country: 'USA' | 'Australia';
  state: string;
  specializations: Specialization[];
  education: Education;
  years: number;
  rateCents: number;
  availability: 'full-time' | 'part-time';
  portfolio?: string;
  licenses: Array<{
    number: string;
    type: LicenseType;
    state: string;
    status: LicenseStatus;
    /** Days from today; null: no expiry. */
    expiresIn: number | null;
    reason?: string;
  }>;
  payout: 'none' | 'connected' | 'enabled';
  payoutCountry?: PayoutCountry;
};

const ENGINEERS: EngineerSeed[] = [
  {
    key: 'engineer',
    phone: '5125550101',
    ssn: '900112345',
    country: 'USA',
    state: 'Texas',
    specializations: ['civil', 'structural'],
    education: 'master',
    years: 12,
    rateCents: 12500,
    availability: 'full-time',
    portfolio: 'https://example.com/ethan-engineer',
    // Texas for the demo deals; Colorado, expiring soon, shows the expiry warning and that a
    // second state opens that state's projects (and no other: California stays closed to him).
    licenses: [
      { number: 'TX-PE-118203', type: 'PE', state: 'Texas', status: 'verified', expiresIn: 700 },
      { number: 'CO-PE-0061482', type: 'PE', state: 'Colorado', status: 'verified', expiresIn: 45 },
    ],
    payout: 'enabled',
  },
  {
    key: 'eng2',
    phone: '4155550102',
    ssn: '900223456',
    country: 'USA',
    state: 'California',
    specializations: ['electrical', 'mechanical'],
    education: 'phd',
    years: 15,
    rateCents: 16000,
    availability: 'full-time',
    // Licensed in two states: she proposes on Texas projects too (the demo deck).
    licenses: [
      { number: 'CA-E-20419', type: 'PE', state: 'California', status: 'verified', expiresIn: 400 },
      { number: 'TX-PE-131877', type: 'PE', state: 'Texas', status: 'verified', expiresIn: 500 },
    ],
    payout: 'enabled',
  },
  {
    key: 'eng3',
    phone: '0291550103',
    ssn: '900334567',
    country: 'Australia',
    state: 'New South Wales',
    specializations: ['structural', 'civil'],
    education: 'bachelor',
    years: 9,
    rateCents: 11000,
    availability: 'part-time',
    licenses: [
      { number: 'NSW-CPE-44810', type: 'CPE', state: 'New South Wales', status: 'verified', expiresIn: 500 },
    ],
    payout: 'connected',
    payoutCountry: 'AU',
  },
  {
    key: 'eng4',
    phone: '3055550104',
    ssn: '900445678',
    country: 'USA',
    state: 'Florida',
    specializations: ['fire', 'architectural'],
    education: 'master',
    years: 6,
    rateCents: 9500,
    availability: 'full-time',
    licenses: [{ number: 'FL-PE-77215', type: 'PE', state: 'Florida', status: 'pending', expiresIn: 900 }],
    payout: 'none',
  },
  {
    key: 'eng5',
    phone: '0391550105',
    ssn: '900556789',
    country: 'Australia',
    state: 'Victoria',
    specializations: ['geotechnical', 'environmental'],
    education: 'master',
    years: 8,
    rateCents: 10500,
    availability: 'part-time',
    licenses: [
      {
        number: 'VIC-CPE-1093',
        type: 'CPE',
        state: 'Victoria',
        status: 'rejected',
        expiresIn: 300,
        reason: 'The proof document does not show the licence number.',
      },
      // Pending review and expiring within 60 days: the reviewer sees the warning.
      { number: 'VIC-CPE-1094', type: 'CPE', state: 'Victoria', status: 'pending', expiresIn: 50 },
    ],
    payout: 'none',
  },
  {
    key: 'eng6',
    phone: '0731550106',
    ssn: '900667890',
    country: 'Australia',
    state: 'Queensland',
    specializations: ['environmental', 'civil'],
    education: 'phd',
    years: 20,
    rateCents: 18000,
    availability: 'full-time',
    licenses: [
      { number: 'QLD-CPE-5520', type: 'CPE', state: 'Queensland', status: 'verified', expiresIn: -30 },
    ],
    payout: 'enabled',
    payoutCountry: 'AU',
  },
  {
    key: 'eng7',
    phone: '2065550107',
    ssn: '900778901',
    country: 'USA',
    state: 'Washington',
    specializations: ['mechanical'],
    education: 'bachelor',
    years: 4,
    rateCents: 8500,
    availability: 'part-time',
    licenses: [
      { number: 'WA-PE-33017', type: 'PE', state: 'Washington', status: 'verified', expiresIn: 20 },
      { number: 'WA-ME-9012', type: 'ME', state: 'Washington', status: 'verified', expiresIn: null },
    ],
    payout: 'enabled',
  },
  {
    key: 'eng8',
    phone: '2125550108',
    ssn: '900889012',
    country: 'USA',
    state: 'New York',
    specializations: ['structural'],
    education: 'master',
    years: 3,
    rateCents: 9000,
    availability: 'full-time',
    licenses: [],
    payout: 'none',
  },
];

const CLIENTS = [
  {
    key: 'client',
    phone: '3105550111',
    company: 'Sunset Residential Builders',
    website: 'https://sunset-builders.example',
    country: 'USA',
    state: 'California',
  },
  {
    key: 'client2',
    phone: '2125550112',
    company: 'Whitfield Developments',
    website: 'https://whitfield.example',
    country: 'USA',
    state: 'New York',
  },
  {
    key: 'client3',
    phone: '0291550113',
    company: null,
    website: null,
    country: 'Australia',
    state: 'New South Wales',
  },
];

/** A one-page PDF saying what it stands for: the demo licences' proof documents. */
export function demoProofPdf(licenseNumber: string): Buffer {
  const text = `BT /F1 18 Tf 72 700 Td (StampWorks demo: proof of licence ${licenseNumber}) Tj ET`;
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
      `4 0 obj<</Length ${text.length}>>stream\n${text}\nendstream endobj\n` +
      '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** Each demo licence gets a proof document when storage is given (the admin review shows it). */
export async function seedAccounts(
  tx: DbOrTx,
  people: SeededUsers,
  encryptionKey: Buffer,
  storage?: Storage,
): Promise<void> {
  const admin = people.admin;
  for (const e of ENGINEERS) {
    const user = people[e.key];
    if (!user) continue;
    await tx.insert(engineerAccounts).values({
      userId: user.id,
      phoneNumber: e.phone,
      ssnEncrypted: encrypt(e.ssn, encryptionKey),
      ssnLast4: e.ssn.slice(-4),
      country: e.country,
      state: e.state,
      specializations: e.specializations,
      highestEducation: e.education,
      yearsOfExperience: e.years,
      portfolio: e.portfolio ?? null,
      hoursRate: e.rateCents,
      availability: e.availability,
    });
    for (const [i, l] of e.licenses.entries()) {
      const reviewed = l.status !== 'pending';
      const id = randomUUID();
      let proofUrl: string | null = null;
      if (storage) {
        const pdf = demoProofPdf(l.number);
        const name = await storage.put(pdf, 'pdf', 'application/pdf');
        await tx.insert(files).values({
          name,
          kind: 'license_proof',
          uploaderId: user.id,
          subjectId: id,
          contentType: 'application/pdf',
          size: pdf.length,
        });
        proofUrl = filePath(name);
      }
      await tx.insert(licenses).values({
        id,
        proofUrl,
        userId: user.id,
        licenseNumber: l.number,
        licenseType: l.type,
        issueCountry: e.country,
        issueState: l.state,
        specializations: e.specializations,
        expirationDate: l.expiresIn === null ? null : dayOffset(l.expiresIn),
        verificationStatus: l.status,
        rejectionReason: l.reason ?? null,
        reviewedBy: reviewed ? (admin?.id ?? null) : null,
        reviewedAt: reviewed ? new Date(Date.now() - (10 - i) * 86_400_000) : null,
        createdAt: new Date(Date.now() - (20 - i) * 86_400_000),
      });
    }
    if (e.payout !== 'none') {
      const accountId = `acct_test_demo${e.key}`;
      const enabled = e.payout === 'enabled';
      const country = e.payoutCountry ?? 'US';
      await tx.insert(testConnectAccounts).values({
        id: accountId,
        email: user.email,
        country,
        legalName: enabled ? user.fullName : null,
        bankLast4: enabled ? (country === 'AU' ? '3456' : '6789') : null,
        detailsSubmitted: enabled,
        payoutsEnabled: enabled,
      });
      await tx.insert(payoutAccounts).values({
        userId: user.id,
        provider: 'test',
        providerAccountId: accountId,
        country,
        email: user.email,
        detailsSubmitted: enabled,
        payoutsEnabled: enabled,
        stateAsOf: new Date(),
      });
    }
  }
  for (const c of CLIENTS) {
    const user = people[c.key];
    if (!user) continue;
    await tx.insert(clientAccounts).values({
      userId: user.id,
      phoneNumber: c.phone,
      companyName: c.company,
      companyWebsite: c.website,
      country: c.country,
      state: c.state,
    });
  }
}
