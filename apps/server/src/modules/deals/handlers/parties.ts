// The two parties of a deal and its project's title, as the handlers name them.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type DealRow, projects } from '../../../db/schema/index.ts';
import { person } from '../deal-rows.ts';
import type { Parties } from './texts.ts';

export async function partiesOf(tx: DbOrTx, deal: DealRow): Promise<Parties> {
  const [client, engineer, [project]] = await Promise.all([
    person(tx, deal.clientId),
    person(tx, deal.engineerId),
    tx.select({ title: projects.title }).from(projects).where(eq(projects.id, deal.projectId)),
  ]);
  return { client, engineer, title: project?.title ?? '' };
}
