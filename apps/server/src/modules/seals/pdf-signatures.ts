// Reads the digital signatures embedded in a PDF (PAdES / PKCS#7 detached signatures in
// the signature dictionaries) and checks each one:
// - the byte range it signed: the whole file but the signature's own /Contents hole, or
//   less (something was appended after signing: an incremental update or a tampering);
// - the digest of those bytes against the messageDigest the signature carries;
// - the CMS signature itself against the public key of the signer's certificate.
// The certificate chain is NOT judged against a list of trusted authorities: no common
// list of engineering-seal issuers exists across the jurisdictions we serve, so the check
// states integrity and who the certificate names (subject and issuer), and people judge
// the issuer (docs/DELIVERABLES.md).
//
// A signature dictionary cannot live in a compressed object stream (its /Contents must sit
// at a fixed byte offset, outside the signed range), so the dictionaries are found in the
// file's bytes. A stray '/ByteRange' that does not frame a hex string is not a signature.
import { createHash, webcrypto } from 'node:crypto';
import { type PdfSignatureCheck, type PdfSignatureDetail, pdfSignatureStatus } from '@app/shared';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

pkijs.setEngine(
  'node',
  new pkijs.CryptoEngine({
    name: 'node',
    crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
  }),
);

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  commonName: '2.5.4.3',
} as const;

/** Digest algorithms a PDF signature may use, by OID, as node:crypto names them. */
const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Short names of the attributes a certificate's subject and issuer usually hold. */
const ATTRIBUTE_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'E',
};

type Found = { byteRange: [number, number, number, number]; contents: Buffer; dictionaryTime: Date | null };

/**
 * What one file may ask of the check, far beyond any real drawing set (a handful of
 * signatures, each covering the file once). Past them the file is refused, not checked:
 * a crafted file with 12,000 signatures over one hole cost size × entries to check.
 */
export const PDF_CHECK_LIMITS = {
  /** Signature dictionaries (and stray /ByteRange entries) in one file. */
  signatures: 50,
  /** Bytes read for digests over all of a file's signatures. */
  checkedBytes: 512 * 1024 * 1024,
} as const;

/** The file asks more than PDF_CHECK_LIMITS allow. */
export class PdfTooComplexError extends Error {
  constructor(what: string) {
    super(`PDF beyond the check's limits: ${what}`);
    this.name = 'PdfTooComplexError';
  }
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/** The signatures' byte ranges and signature bytes, in file order. */
function findSignatures(pdf: Buffer): Found[] {
  const latin1 = pdf.toString('latin1');
  const found: Found[] = [];
  let entries = 0;
  let checkedBytes = 0;
  for (const m of latin1.matchAll(BYTE_RANGE)) {
    entries += 1;
    if (entries > PDF_CHECK_LIMITS.signatures)
      throw new PdfTooComplexError(`more than ${PDF_CHECK_LIMITS.signatures} /ByteRange entries`);
    const [a, b, c, d] = m.slice(1, 5).map(Number) as [number, number, number, number];
    // The hole between the two signed parts must be exactly the hex string <...>.
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length || d < 0) continue;
    const hole = latin1.slice(b, c);
    if (!/^<[0-9A-Fa-f\s]*>$/.test(hole)) continue;
    checkedBytes += b + d;
    if (checkedBytes > PDF_CHECK_LIMITS.checkedBytes)
      throw new PdfTooComplexError(`more than ${PDF_CHECK_LIMITS.checkedBytes} signed bytes to read`);
    const hex = hole.slice(1, -1).replace(/\s/g, '');
    const contents = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
    found.push({ byteRange: [a, b, c, d], contents, dictionaryTime: dictionaryTime(latin1, m.index ?? 0) });
  }
  // Oldest first: each later signature signs a longer prefix of the file.
  return found.sort((x, y) => x.byteRange[2] + x.byteRange[3] - (y.byteRange[2] + y.byteRange[3]));
}

/** The /M (signing time) of the dictionary around a /ByteRange, if written near it. */
function dictionaryTime(latin1: string, at: number): Date | null {
  const near = latin1.slice(Math.max(0, at - 2000), at + 2000);
  const m = /\/M\s*\(D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(near);
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', tz, th = '00', tm = '00'] = m;
  const offset = tz === '+' || tz === '-' ? `${tz}${th}:${tm}` : 'Z';
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

function distinguishedName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((tv) => `${ATTRIBUTE_NAMES[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`)
    .join(', ');
}

function commonName(name: pkijs.RelativeDistinguishedNames): string | null {
  const cn = name.typesAndValues.find((tv) => tv.type === OID.commonName);
  return cn ? String(cn.value.valueBlock.value) : null;
}

function attribute(signer: pkijs.SignerInfo, oid: string): asn1js.AsnType | undefined {
  return signer.signedAttrs?.attributes.find((a) => a.type === oid)?.values[0];
}

function signingTime(signer: pkijs.SignerInfo): Date | null {
  const value = attribute(signer, OID.signingTime) as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  return value && 'toDate' in value ? value.toDate() : null;
}

/** The signer's certificate: the one named by the signer info's issuer and serial number. */
function signerCertificate(signed: pkijs.SignedData, signer: pkijs.SignerInfo): pkijs.Certificate | null {
  const certificates = (signed.certificates ?? []).filter(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate,
  );
  const sid = signer.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    const match = certificates.find(
      (c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber),
    );
    if (match) return match;
  }
  return certificates.length === 1 ? certificates[0] : null;
}

async function checkOne(pdf: Buffer, found: Found): Promise<PdfSignatureDetail> {
  const [a, b, c, d] = found.byteRange;
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const detail: PdfSignatureDetail = {
    signer_name: null,
    subject: null,
    issuer: null,
    signed_at: found.dictionaryTime?.toISOString() ?? null,
    covers_whole_file: c + d === pdf.length,
    digest_matches: false,
    signature_valid: false,
  };
  try {
    const asn1 = asn1js.fromBER(new Uint8Array(found.contents));
    if (asn1.offset === -1) return detail;
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== OID.signedData) return detail;
    const signed = new pkijs.SignedData({ schema: info.content });
    const signer = signed.signerInfos[0];
    if (!signer) return detail;
    const certificate = signerCertificate(signed, signer);
    if (certificate) {
      detail.signer_name = commonName(certificate.subject);
      detail.subject = distinguishedName(certificate.subject);
      detail.issuer = distinguishedName(certificate.issuer);
    }
    const time = signingTime(signer);
    if (time) detail.signed_at = time.toISOString();

    const algorithm = DIGESTS[signer.digestAlgorithm.algorithmId];
    const carried = attribute(signer, OID.messageDigest) as asn1js.OctetString | undefined;
    if (algorithm && carried) {
      const digest = createHash(algorithm).update(signedBytes).digest();
      detail.digest_matches = Buffer.from(carried.valueBlock.valueHexView).equals(digest);
    }
    // pkijs checks the messageDigest attribute and the signature over the signed attributes.
    detail.signature_valid = await signed
      .verify({
        signer: 0,
        data: new Uint8Array(signedBytes).buffer,
        checkChain: false,
      })
      .catch(() => false);
  } catch {
    // Damaged signature data: nothing verifies, which the detail already says.
  }
  return detail;
}

/** Every embedded signature of the PDF, checked, and the overall status. */
export async function checkPdfSignatures(pdf: Buffer): Promise<PdfSignatureCheck> {
  const signatures: PdfSignatureDetail[] = [];
  for (const found of findSignatures(pdf)) signatures.push(await checkOne(pdf, found));
  return { status: pdfSignatureStatus(signatures), signatures };
}
