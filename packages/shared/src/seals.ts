// The seal check of a deliverable PDF (docs/DELIVERABLES.md 'What the seal check proves'):
// each embedded signature as found (damaged ones too, in file order), the file's status
// (intact / changed / unsigned, as poppler's pdfsig would say) and one plain verdict for a
// permit office, `seal`. Texts here are the texts both sides show.
//
// Rows stored before the verdict existed hold only status and the first seven fields of each
// signature: every field added since is optional, and `sealOf` answers a verdict for them too.
import { z } from 'zod';

/**
 * intact: every embedded signature's digest and cryptographic signature hold, and the
 * last one covers the whole file. changed: a signature exists but the bytes it signed
 * were altered, something was added after it, it is damaged or it does not verify. unsigned: none.
 */
export const PDF_SIGNATURE_STATUSES = ['intact', 'changed', 'unsigned'] as const;
export type PdfSignatureStatus = (typeof PDF_SIGNATURE_STATUSES)[number];

/**
 * One verdict per file, for a permit office. verified: intact, the last signature covers the
 * file, its certificate chains to the trust store and was valid at signing, and it names the
 * engineer of record. The others say what is missing, worst first.
 */
export const SEAL_VERDICTS = [
  'verified',
  'self_signed',
  'untrusted',
  'expired',
  'other_signer',
  'changed',
  'unsigned',
] as const;
export type SealVerdict = (typeof SEAL_VERDICTS)[number];

/** Where a signing time comes from: the signer's own clock (their computer says so) or an RFC 3161 timestamp authority. */
export const SIGNING_TIME_SOURCES = ['signer_clock', 'timestamp_authority'] as const;
export type SigningTimeSource = (typeof SIGNING_TIME_SOURCES)[number];

export const sealCertificateSchema = z.object({
  /** The chain reaches a root in the configured trust store (SEAL_TRUST_ROOTS). */
  trusted: z.boolean(),
  /** Issued by itself: anyone can make one in a minute. */
  self_signed: z.boolean(),
  /** The signing time falls within the certificate's validity. */
  valid_at_signing: z.boolean(),
  not_before: z.string(),
  not_after: z.string(),
});
export type SealCertificate = z.infer<typeof sealCertificateSchema>;

export const sealTimestampSchema = z.object({
  /** The time the authority attests (genTime). */
  time: z.string(),
  /** The authority's name (its certificate's common name, else its subject). */
  authority: z.string().nullable(),
  /** The token is over this signature, its own signature holds and its certificate is trusted. */
  verified: z.boolean(),
});
export type SealTimestamp = z.infer<typeof sealTimestampSchema>;

export const pdfSignatureDetailSchema = z.object({
  /** The signer's name from their certificate (its common name): the certificate whose key verifies the signature. */
  signer_name: z.string().nullable(),
  /** The certificate's subject and issuer, e.g. 'CN=Jane Doe, O=Doe Engineering, C=US'. */
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  /** The signing time: a verified timestamp's, else the signed attribute, else the PDF's /M. */
  signed_at: z.string().nullable(),
  /** Whether the signed byte range spans the whole file (nothing added afterwards). */
  covers_whole_file: z.boolean(),
  /** Whether the digest of the signed bytes equals the one the signature carries. */
  digest_matches: z.boolean(),
  /** Whether the signature itself verifies with the certificate's public key. */
  signature_valid: z.boolean(),
  /** Where signed_at comes from; null when there is none. */
  signed_at_source: z.enum(SIGNING_TIME_SOURCES).nullable().optional(),
  /** What is wrong with the signature dictionary itself (its byte range or contents), or null. */
  problem: z.string().nullable().optional(),
  certificate: sealCertificateSchema.nullable().optional(),
  timestamp: sealTimestampSchema.nullable().optional(),
  /** The signer's name is the engineer of record's; null when the check was not told the engineer. */
  matches_engineer: z.boolean().nullable().optional(),
});
export type PdfSignatureDetail = z.infer<typeof pdfSignatureDetailSchema>;

export const pdfSignatureSchema = z.object({
  status: z.enum(PDF_SIGNATURE_STATUSES),
  /** The plain verdict; absent on rows stored before it existed (see sealOf). */
  seal: z.enum(SEAL_VERDICTS).optional(),
  signatures: z.array(pdfSignatureDetailSchema),
});
export type PdfSignatureCheck = z.infer<typeof pdfSignatureSchema>;

/** POST /api/seals/check: the engineer's own deliverable upload, checked before it is sent. */
export const sealCheckBodySchema = z.object({
  attachments: z.string({ error: 'Attach a PDF you uploaded for this submission.' }).max(300),
});
export type SealCheckBody = z.infer<typeof sealCheckBodySchema>;
export const sealCheckSchema = z.object({ file_sha256: z.string(), signature: pdfSignatureSchema });
export type SealCheckDto = z.infer<typeof sealCheckSchema>;

/** The overall status of a PDF's signatures (the last one in the file is the one that must cover it). */
export function pdfSignatureStatus(signatures: readonly PdfSignatureDetail[]): PdfSignatureStatus {
  if (signatures.length === 0) return 'unsigned';
  const last = signatures[signatures.length - 1];
  const allHold = signatures.every((s) => s.digest_matches && s.signature_valid && !s.problem);
  return allHold && last.covers_whole_file ? 'intact' : 'changed';
}

/** The signature the verdict is about: the last one, which covers the file when it is intact. */
export function finalSignature(check: Pick<PdfSignatureCheck, 'signatures'>): PdfSignatureDetail | null {
  return check.signatures[check.signatures.length - 1] ?? null;
}

/** The verdict of a freshly checked file (the server stores it). */
export function sealVerdict(
  status: PdfSignatureStatus,
  signatures: readonly PdfSignatureDetail[],
): SealVerdict {
  if (status === 'unsigned') return 'unsigned';
  const last = finalSignature({ signatures: [...signatures] });
  if (status === 'changed' || !last) return 'changed';
  const cert = last.certificate;
  if (!cert?.trusted) return cert?.self_signed ? 'self_signed' : 'untrusted';
  if (!cert.valid_at_signing) return 'expired';
  // Not told the engineer (null): the name cannot be judged, so it does not block.
  if (last.matches_engineer === false) return 'other_signer';
  return 'verified';
}

/** The verdict of a stored check: rows from before the verdict read as their status allows. */
export function sealOf(check: PdfSignatureCheck): SealVerdict {
  if (check.seal) return check.seal;
  // Old rows never judged the certificate: intact is the most they can say.
  if (check.status === 'intact') return 'untrusted';
  return check.status;
}

// ---------------------------------------------------------------------------------------
// Names: the signer's certificate against the engineer's verified licence.

/** Letters and digits only, lower case, without accents; 'P.E.'-style suffixes dropped. */
function nameWords(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  const words = plain.split(' ').filter(Boolean);
  // Professional titles and generational suffixes after the name ('P.E.' reads 'p e').
  const joined = ` ${words.join(' ')} `
    .replace(/ (p e|pe|s e|se|p eng|peng|pls|ra|jr|sr|ii|iii|iv|phd|ph d|m sc|msc)(?= )/g, ' ')
    .trim();
  return joined.split(' ').filter(Boolean);
}

/** Whether two names are the same person's, ignoring case, accents, spacing, word order and suffixes such as 'P.E.'. */
export function sameEngineerName(a: string, b: string): boolean {
  const x = nameWords(a).sort();
  const y = nameWords(b).sort();
  return x.length > 0 && x.length === y.length && x.every((w, i) => w === y[i]);
}

// ---------------------------------------------------------------------------------------
// Texts.

export const SEAL_MESSAGES = {
  unreadable:
    'This file is not a readable PDF (it may be damaged or cut short). Export the drawings to PDF again, sign them, and upload the new file.',
  acceptTitle: 'Accept a deliverable without a verified seal?',
  acceptConfirm: 'Accept anyway and release payment',
  acceptWarning: 'This deliverable is not a verified seal. What is missing:',
} as const;

type SealContext = { signer: string; issuer: string; signedAt: string; sha256: string; engineer: string };

/** The headline of each verdict ({signer} from the last signature). */
export const SEAL_HEADLINES: Record<SealVerdict, string> = {
  verified: 'Sealed by {signer} — verified: trusted certificate, intact since signing',
  self_signed: 'Signed by {signer} with a self-signed certificate',
  untrusted: 'Signed by {signer} — certificate not from a trusted authority',
  expired: 'Signed by {signer} — certificate not valid when signed',
  other_signer: 'Signed by {signer}, not by the engineer of record',
  changed: 'Changed after signing',
  unsigned: 'Not digitally signed',
};

/** What each verdict means for a permit, in plain words. */
export const SEAL_MEANINGS: Record<SealVerdict, string> = {
  verified:
    'The file is unchanged since it was signed, and the certificate was issued by a certification authority in our trust list, valid at signing and names the engineer of record.',
  self_signed:
    'Self-signed: anyone can make this certificate; some permit offices require one from a certification authority, or the engineer’s signed statement of this file’s SHA-256: {sha256}.',
  untrusted:
    'The file is unchanged since it was signed, but the certificate’s issuer ({issuer}) is not in our trust list, so a permit office may not be able to verify it with a third party.',
  expired:
    'The certificate had expired or was not yet valid when the file was signed ({signedAt}); permit offices do not accept such a signature.',
  other_signer:
    'The certificate names {signer}, not {engineer}, the engineer of record; a permit office expects the engineer’s own signature.',
  changed:
    'The file was altered or added to after it was signed, or a signature is damaged; a permit office will not accept it. Ask for the final file signed again.',
  unsigned:
    'The PDF carries no digital signature; a permit office that requires a digital seal will not accept it.',
};

function fill(template: string, ctx: SealContext): string {
  return template.replace(
    /\{(signer|issuer|signedAt|sha256|engineer)\}/g,
    (_, k: keyof SealContext) => ctx[k],
  );
}

function contextOf(check: PdfSignatureCheck, extra: { sha256?: string; engineer?: string }): SealContext {
  const last = finalSignature(check);
  return {
    signer: last?.signer_name ?? 'an unnamed signer',
    issuer: last?.issuer ?? 'unknown',
    signedAt: last?.signed_at ? `${last.signed_at.slice(0, 16).replace('T', ' ')} UTC` : 'time not given',
    sha256: extra.sha256 ?? 'see the file’s details',
    engineer: extra.engineer ?? 'the engineer',
  };
}

/** The verdict's headline and what it means for a permit, filled in for this file. */
export function sealText(
  check: PdfSignatureCheck,
  extra: { sha256?: string; engineer?: string } = {},
): { seal: SealVerdict; headline: string; meaning: string } {
  const seal = sealOf(check);
  const ctx = contextOf(check, extra);
  return { seal, headline: fill(SEAL_HEADLINES[seal], ctx), meaning: fill(SEAL_MEANINGS[seal], ctx) };
}

/** The line shown next to a deliverable before the verdict existed (kept for its readers). */
export function signatureLine(check: PdfSignatureCheck): string {
  if (check.status === 'unsigned') return 'Not digitally signed';
  if (check.status === 'changed') return 'Changed after signing';
  const last = check.signatures[check.signatures.length - 1];
  return `Digitally signed by ${last.signer_name ?? 'an unnamed signer'} — intact since signing`;
}
