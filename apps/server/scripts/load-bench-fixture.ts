// Used by `npm run bench` (scripts/bench-load.mjs), never by tests: fills the configured
// database with the accounts of the load run — PAIRS clients and PAIRS engineers (each
// engineer with a verified Texas PE licence and payouts enabled, so each can propose on a
// Texas project) and MEMBERS more clients who sign in and open tickets. Every account has
// one password (hashed once with the product's argon2id), a verified e-mail, a session and a
// trusted device (so a sign-in needs no PIN, as for a returning user). Writes the accounts
// with their tokens as JSON to the file named by the first argument.
//   tsx scripts/load-bench-fixture.ts <out.json> <pairs> <members>
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import {
  clientAccounts,
  engineerAccounts,
  licenses,
  payoutAccounts,
  sessions,
  testConnectAccounts,
  trustedDevices,
  users,
} from '../src/db/schema/index.ts';
import { encrypt, hashToken, randomToken } from '../src/lib/crypto.ts';
import { hashPassword } from '../src/lib/password.ts';
import { DEVICE_TTL_MS } from '../src/modules/auth/devices.ts';

const [out, pairsArg, membersArg] = process.argv.slice(2);
const PAIRS = Number(pairsArg);
const MEMBERS = Number(membersArg);
if (!out || !Number.isInteger(PAIRS) || PAIRS < 0 || !Number.isInteger(MEMBERS) || MEMBERS < 0) {
  console.error('usage: tsx scripts/load-bench-fixture.ts <out.json> <pairs> <members>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const { db } = database;

const run = randomUUID().slice(0, 8);
const password = `Load-Bench-${randomToken(6)}`;
const passwordHash = await hashPassword(password);
const expiresAt = new Date(Date.now() + 24 * 3600_000);
const deviceExpiresAt = new Date(Date.now() + DEVICE_TTL_MS);
const licenseExpires = new Date(Date.now() + 700 * 86_400_000).toISOString().slice(0, 10);

type Account = {
  id: string;
  email: string;
  full_name: string;
  role: 'client' | 'engineer';
  token: string;
  deviceToken: string;
};
const account = (role: Account['role'], name: string): Account => ({
  id: randomUUID(),
  email: `load-${run}-${name}@bench.invalid`.toLowerCase(),
  full_name: `Load ${role === 'client' ? 'Client' : 'Engineer'} ${name}`,
  role,
  token: randomToken(),
  deviceToken: randomToken(),
});

const pairs = Array.from({ length: PAIRS }, (_, i) => ({
  client: account('client', `c${i}`),
  engineer: account('engineer', `e${i}`),
}));
const members = Array.from({ length: MEMBERS }, (_, i) => account('client', `m${i}`));
const clients = [...pairs.map((p) => p.client), ...members];
const engineers = pairs.map((p) => p.engineer);
const everyone = [...clients, ...engineers];

await db.transaction(async (tx) => {
  if (everyone.length === 0) return;
  await tx.insert(users).values(
    everyone.map((a) => ({
      id: a.id,
      fullName: a.full_name,
      email: a.email,
      passwordHash,
      role: a.role,
      emailVerified: true,
    })),
  );
  await tx
    .insert(sessions)
    .values(everyone.map((a) => ({ userId: a.id, tokenHash: hashToken(a.token), expiresAt })));
  await tx.insert(trustedDevices).values(
    everyone.map((a) => ({
      userId: a.id,
      tokenHash: hashToken(a.deviceToken),
      expiresAt: deviceExpiresAt,
    })),
  );
  if (clients.length > 0)
    await tx.insert(clientAccounts).values(
      clients.map((a, i) => ({
        userId: a.id,
        phoneNumber: `512555${String(i).padStart(4, '0')}`,
        country: 'USA',
        state: 'Texas',
      })),
    );
  if (engineers.length === 0) return;
  await tx.insert(engineerAccounts).values(
    engineers.map((a, i) => ({
      userId: a.id,
      phoneNumber: `737555${String(i).padStart(4, '0')}`,
      ssnEncrypted: encrypt(`9009${String(i).padStart(5, '0')}`, config.encryptionKey),
      ssnLast4: String(i).padStart(4, '0'),
      country: 'USA',
      state: 'Texas',
      specializations: ['structural', 'civil'],
      highestEducation: 'master' as const,
      yearsOfExperience: 5 + (i % 20),
      hoursRate: 9000 + (i % 10) * 500,
      availability: 'full-time' as const,
    })),
  );
  await tx.insert(licenses).values(
    engineers.map((a, i) => ({
      userId: a.id,
      licenseNumber: `TX-PE-LOAD-${run}-${i}`,
      licenseType: 'PE' as const,
      issueCountry: 'USA',
      issueState: 'Texas',
      specializations: ['structural', 'civil'],
      expirationDate: licenseExpires,
      verificationStatus: 'verified' as const,
      reviewedAt: new Date(),
    })),
  );
  await tx.insert(testConnectAccounts).values(
    engineers.map((a) => ({
      id: `acct_test_load${a.id.replace(/-/g, '')}`,
      email: a.email,
      country: 'US',
      legalName: a.full_name,
      bankLast4: '6789',
      detailsSubmitted: true,
      payoutsEnabled: true,
    })),
  );
  await tx.insert(payoutAccounts).values(
    engineers.map((a) => ({
      userId: a.id,
      provider: 'test' as const,
      providerAccountId: `acct_test_load${a.id.replace(/-/g, '')}`,
      country: 'US' as const,
      email: a.email,
      detailsSubmitted: true,
      payoutsEnabled: true,
      stateAsOf: new Date(),
    })),
  );
});

writeFileSync(out, JSON.stringify({ password, pairs, members }));
await database.close();
console.log(`load bench fixture: ${pairs.length} deal pairs, ${members.length} members`);
