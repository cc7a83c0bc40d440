// After every browser test has run: the ledger of the stack's database still balances
// (`npm run ledger:check`, asked of the server itself). Every deal the journeys paid,
// refunded, split, released and paid out must leave no cent unaccounted for.
import { BASE_URL } from './ports.ts';

export default async function ledgerCheck(): Promise<void> {
  const res = await fetch(`${BASE_URL}/dev/ledger-check`);
  if (!res.ok) throw new Error(`ledger check: the server answered ${res.status}`);
  const { ok, report } = (await res.json()) as { ok: boolean; report: string };
  if (!ok) throw new Error(`The ledger does not balance after the browser tests:\n${report}`);
  console.log(report);
}
