// Used by `npm run bench` (scripts/bench.mjs), never by tests: fills the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR, which no server may hold meanwhile) with
// ROOMS deals, each a client and an engineer with an accepted proposal, their open chat
// room and a session for each, and writes the rooms with their members' tokens as JSON to
// the file named by the first argument.
//   tsx scripts/chat-bench-fixture.ts <out.json> [rooms]
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { chatRooms, projects, proposals, sessions, users } from '../src/db/schema/index.ts';
import { hashToken, randomToken } from '../src/lib/crypto.ts';
import { lockDataDir, usesEmbeddedFolder } from '../src/lib/pidfile.ts';

const out = process.argv[2];
const ROOMS = Number(process.argv[3] ?? 1000);
if (!out || !Number.isInteger(ROOMS) || ROOMS < 1) {
  console.error('usage: tsx scripts/chat-bench-fixture.ts <out.json> [rooms]');
  process.exit(2);
}

const config = loadConfig();
const release = usesEmbeddedFolder(config) ? lockDataDir(config.dataDir) : () => {};
const database = await openDatabase(config);
await database.migrate();
const { db } = database;

const run = randomUUID().slice(0, 8);
// Nobody signs in with a password here: the sessions below are made directly.
const passwordHash = 'bench-no-password';
const expiresAt = new Date(Date.now() + 24 * 3600_000);
type Member = { id: string; token: string };
const rooms: Array<{ id: string; client: Member; engineer: Member }> = [];

const BATCH = 250;
for (let start = 0; start < ROOMS; start += BATCH) {
  const n = Math.min(BATCH, ROOMS - start);
  const deals = Array.from({ length: n }, (_, k) => {
    const i = start + k;
    return {
      client: { id: randomUUID(), token: randomToken() },
      engineer: { id: randomUUID(), token: randomToken() },
      projectId: randomUUID(),
      roomId: randomUUID(),
      i,
    };
  });
  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      deals.flatMap((d) => [
        {
          id: d.client.id,
          fullName: `Bench Client ${d.i}`,
          email: `bench-${run}-c${d.i}@bench.invalid`,
          passwordHash,
          role: 'client' as const,
          emailVerified: true,
        },
        {
          id: d.engineer.id,
          fullName: `Bench Engineer ${d.i}`,
          email: `bench-${run}-e${d.i}@bench.invalid`,
          passwordHash,
          role: 'engineer' as const,
          emailVerified: true,
        },
      ]),
    );
    await tx.insert(projects).values(
      deals.map((d) => ({
        id: d.projectId,
        customerId: d.client.id,
        title: `Bench project ${d.i}`,
        description: 'Chat benchmark deal',
        status: 'assigned' as const,
      })),
    );
    await tx.insert(proposals).values(
      deals.map((d) => ({
        projectId: d.projectId,
        engineerId: d.engineer.id,
        description: 'Chat benchmark proposal',
        licenseType: 'PE' as const,
        proposedAmount: 100_00,
        status: 'accepted' as const,
      })),
    );
    await tx.insert(chatRooms).values(
      deals.map((d) => ({
        id: d.roomId,
        projectId: d.projectId,
        clientId: d.client.id,
        engineerId: d.engineer.id,
        title: `Bench project ${d.i}`,
      })),
    );
    await tx.insert(sessions).values(
      deals.flatMap((d) => [
        { userId: d.client.id, tokenHash: hashToken(d.client.token), expiresAt },
        { userId: d.engineer.id, tokenHash: hashToken(d.engineer.token), expiresAt },
      ]),
    );
  });
  for (const d of deals) rooms.push({ id: d.roomId, client: d.client, engineer: d.engineer });
}

writeFileSync(out, JSON.stringify({ rooms }));
await database.close();
release();
console.log(`chat bench fixture: ${rooms.length} rooms, ${rooms.length * 2} users with sessions`);
