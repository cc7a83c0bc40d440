import { RECORD_GENESIS_HASH } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { type ChainEntry, canonicalJson, entryHash, verifyChain } from './record-chain.ts';

function chain(n: number): ChainEntry[] {
  const out: ChainEntry[] = [];
  let prev = RECORD_GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const base = {
      projectId: 'p1',
      seq,
      type: 'proposal_sent',
      actorId: 'u1',
      data: { amount_cents: seq * 100, nested: { b: 1, a: [2, 'x'] } },
      at: new Date(Date.UTC(2026, 0, seq)),
      prevHash: prev,
    };
    const entry = { ...base, hash: entryHash(base) };
    out.push(entry);
    prev = entry.hash;
  }
  return out;
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: undefined })).toBe('{"a":1}');
  });
});

describe('verifyChain', () => {
  it('verifies an untouched chain and names its head', () => {
    const c = chain(4);
    expect(verifyChain(c)).toEqual({ verified: true, brokenAt: null, headHash: c[3].hash });
    expect(verifyChain([])).toEqual({ verified: true, brokenAt: null, headHash: null });
  });

  it('hashes the same data alike whatever the key order', () => {
    const [e] = chain(1);
    const reordered = { ...e, data: { nested: { a: [2, 'x'], b: 1 }, amount_cents: 100 } };
    expect(verifyChain([reordered]).verified).toBe(true);
  });

  it('finds a changed field at its entry', () => {
    for (const change of [
      (e: ChainEntry) => ({ ...e, data: { ...(e.data as object), amount_cents: 1 } }),
      (e: ChainEntry) => ({ ...e, type: 'proposal_withdrawn' }),
      (e: ChainEntry) => ({ ...e, actorId: 'u2' }),
      (e: ChainEntry) => ({ ...e, at: new Date(e.at.getTime() + 1) }),
    ]) {
      const c = chain(4);
      c[2] = change(c[2]);
      expect(verifyChain(c)).toMatchObject({ verified: false, brokenAt: 3 });
    }
  });

  it('finds a removed, inserted or reordered entry, and a rehashed one by its successor', () => {
    const removed = chain(4);
    removed.splice(1, 1);
    expect(verifyChain(removed)).toMatchObject({ verified: false, brokenAt: 2 });
    const swapped = chain(4);
    [swapped[1], swapped[2]] = [swapped[2], swapped[1]];
    expect(verifyChain(swapped)).toMatchObject({ verified: false, brokenAt: 2 });
    // Rewriting an entry and its own hash still breaks the next entry's link.
    const rehashed = chain(4);
    const forged = { ...rehashed[1], data: { amount_cents: 1 } };
    rehashed[1] = { ...forged, hash: entryHash(forged) };
    expect(verifyChain(rehashed)).toMatchObject({ verified: false, brokenAt: 3 });
  });
});
