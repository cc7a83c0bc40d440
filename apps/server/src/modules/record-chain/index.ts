// A project's record as it is written: entries appended in order, each hashed over the one
// before (record-chain.ts), and who may read it. A floor below every feature that appends to
// it; reading and printing the record is modules/project-record.
export { appendRecord } from './append-record.ts';
export { canReadRecord } from './record.policy.ts';
export { type ChainEntry, canonicalJson, entryHash, verifyChain } from './record-chain.ts';
