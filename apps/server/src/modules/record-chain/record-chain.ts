// The chain itself, pure: how an entry is hashed and how a record is checked. Each entry's
// hash covers its project, position, kind, actor, data, time and the previous entry's hash,
// so changing, removing, inserting or reordering any entry breaks every link after it. What
// the chain alone cannot show is the newest entries cut off the end: the head hash stated in
// the record's PDF summary (kept in the permit file) is what pins the end.
import { createHash } from 'node:crypto';
import { RECORD_GENESIS_HASH } from '@app/shared';

export type ChainEntry = {
  projectId: string;
  seq: number;
  type: string;
  actorId: string | null;
  data: unknown;
  at: Date;
  prevHash: string;
  hash: string;
};

/** JSON with object keys sorted at every depth, so equal values hash alike (jsonb reorders keys). */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function entryHash(entry: Omit<ChainEntry, 'hash'>): string {
  const payload = canonicalJson({
    project_id: entry.projectId,
    seq: entry.seq,
    type: entry.type,
    actor_id: entry.actorId,
    data: entry.data,
    at: entry.at.toISOString(),
    prev_hash: entry.prevHash,
  });
  return createHash('sha256').update(payload).digest('hex');
}

export type ChainVerdict = { verified: boolean; brokenAt: number | null; headHash: string | null };

/** Checks a project's entries, in `seq` order: numbering, links and hashes. */
export function verifyChain(entries: readonly ChainEntry[]): ChainVerdict {
  let prev = RECORD_GENESIS_HASH;
  for (const [i, entry] of entries.entries()) {
    const seq = i + 1;
    if (entry.seq !== seq || entry.prevHash !== prev || entryHash(entry) !== entry.hash)
      return { verified: false, brokenAt: Math.min(entry.seq, seq), headHash: entries.at(-1)?.hash ?? null };
    prev = entry.hash;
  }
  return { verified: true, brokenAt: null, headHash: entries.at(-1)?.hash ?? null };
}
