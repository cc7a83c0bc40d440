// A deal for chat tests: a client's project, an engineer's accepted proposal on it and the
// room opened as the payment does it (openDealRoom), until checkout opens rooms itself.

import type { App } from '../../app.ts';
import { projects, proposals } from '../../db/schema/index.ts';
import { createUser } from '../../test/harness.ts';
import { openDealRoom } from './rooms.ts';

type Person = Awaited<ReturnType<typeof createUser>>;

export async function createDeal(
  app: App,
  opts: { client?: Person; engineer?: Person; title?: string; open?: boolean } = {},
) {
  const client = opts.client ?? (await createUser(app, { role: 'client' }));
  const engineer = opts.engineer ?? (await createUser(app, { role: 'engineer' }));
  const title = opts.title ?? 'Beam check for a kitchen wall';
  const [project] = await app.ctx.db
    .insert(projects)
    .values({ customerId: client.id, title, description: 'Remove a bearing wall', status: 'assigned' })
    .returning({ id: projects.id });
  await app.ctx.db.insert(proposals).values({
    projectId: project.id,
    engineerId: engineer.id,
    description: 'Beam sizing',
    licenseType: 'PE',
    proposedAmount: 90000,
    status: 'accepted',
  });
  const deal = { projectId: project.id, clientId: client.id, engineerId: engineer.id, title };
  const room = opts.open === false ? null : await openDealRoom(app.ctx.db, deal);
  return { client, engineer, projectId: project.id, room, deal };
}
