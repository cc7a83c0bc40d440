// Reading a project's record (its routes, the check of its chain, its PDF): the top floor of the
// record. Writing it, and who may read it, is modules/record-chain.
export { formatRecordCheck, verifyAllRecords } from './record.service.ts';
