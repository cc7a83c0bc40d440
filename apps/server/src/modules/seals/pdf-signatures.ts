// Reads the digital signatures embedded in a PDF (PAdES / PKCS#7 detached signatures in
// the signature dictionaries) and checks each one, as a permit office's verifier would
// (docs/DELIVERABLES.md 'What the seal check proves'):
// - every signature dictionary is reported, in file order, damaged ones too: a byte range
//   that does not start at 0, runs past the end, or whose gap is not the /Contents hex string
//   is a problem of that signature, never a reason to skip it;
// - the byte range it signed: the whole file but the signature's own hole, or less (something
//   was appended after signing: an incremental update or a tampering);
// - the digest of those bytes against the messageDigest the signature carries (or, for a CMS
//   without signed attributes, the signature over the bytes themselves);
// - the signature against each certificate the CMS carries: the signer is the certificate
//   whose key verifies it, not whichever certificate the CMS names;
// - that certificate: its chain to the trust store (SEAL_TRUST_ROOTS), whether it is
//   self-signed, and whether it was valid at the signing time;
// - an RFC 3161 timestamp token in the unsigned attributes: over this signature, its own
//   signature holding, its authority trusted. A verified timestamp's time is the signing
//   time; otherwise the signer's clock (signed attribute, else the dictionary's /M) is.
import {
  createHash,
  constants as cryptoConstants,
  verify as cryptoVerify,
  X509Certificate,
} from 'node:crypto';
import {
  type PdfSignatureCheck,
  type PdfSignatureDetail,
  pdfSignatureStatus,
  type SealTimestamp,
  sameEngineerName,
  sealVerdict,
} from '@app/shared';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { dictionariesIn, type PdfValue, pdfDate, readValue } from './pdf-objects.ts';
import { parseTrustRoots } from './trust-roots.ts';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  commonName: '2.5.4.3',
  rsaPss: '1.2.840.113549.1.1.10',
} as const;

/** Digest algorithms a PDF signature may use, by OID, as node:crypto names them. */
const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Signature algorithms that name their own digest (RSA and ECDSA with SHA-x). */
const SIGNATURE_DIGESTS: Record<string, string> = {
  '1.2.840.113549.1.1.5': 'sha1',
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.1': 'sha1',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
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

/** How far before a /ByteRange its object's 'n g obj' may start (a signature's hex contents included). */
const OBJECT_WINDOW = 4 * 1024 * 1024;

/** The file asks more than PDF_CHECK_LIMITS allow. */
export class PdfTooComplexError extends Error {
  constructor(what: string) {
    super(`PDF beyond the check's limits: ${what}`);
    this.name = 'PdfTooComplexError';
  }
}

/** The file starts like a PDF but is not one a reader can open (damaged, cut short). */
export class PdfUnreadableError extends Error {
  constructor(why: string) {
    super(`Not a readable PDF: ${why}`);
    this.name = 'PdfUnreadableError';
  }
}

export type CheckOptions = {
  /** PEM certificates of the trust store (`config.sealTrustRoots`); default: none trusted. */
  trustRootsPem?: string;
  /** The engineer of record's name (as on their verified licence), to compare with the signer. */
  engineerName?: string | null;
  /** The time certificates are judged at when a signature states none (tests); default now. */
  now?: Date;
};

type Dictionary = Extract<PdfValue, { kind: 'dict' }>;
type Found = { dict: Dictionary | null; at: number };

/** The signature dictionaries, in file order: the dictionary holding each /ByteRange key. */
function findSignatureDictionaries(pdf: Buffer): Found[] {
  // Counted before anything is parsed: a crafted file is refused at the cost of a scan.
  const positions: number[] = [];
  for (let at = pdf.indexOf('/ByteRange'); at >= 0; at = pdf.indexOf('/ByteRange', at + 10)) {
    positions.push(at);
    if (positions.length > PDF_CHECK_LIMITS.signatures)
      throw new PdfTooComplexError(`more than ${PDF_CHECK_LIMITS.signatures} /ByteRange entries`);
  }
  const found: Found[] = [];
  const seen = new Set<number>();
  const objects = new Map<number, PdfValue | null>();
  for (const at of positions) {
    const dict = dictionaryAround(pdf, at, objects);
    if (dict === undefined) continue; // not inside an object (a comment after %%EOF): not a signature
    if (dict && seen.has(dict.start)) continue;
    if (dict) seen.add(dict.start);
    found.push({ dict, at });
  }
  return found;
}

/**
 * The dictionary whose /ByteRange key sits at `at`: the object around it is read from its
 * 'n g obj' (once per object, kept in `objects`). undefined when `at` is in no object; null
 * when the object cannot be read (a damaged signature dictionary, still reported).
 */
function dictionaryAround(
  pdf: Buffer,
  at: number,
  objects: Map<number, PdfValue | null>,
): Dictionary | null | undefined {
  // Walk back to the nearest 'obj' keyword: 'endobj' first means `at` is outside any object.
  const from = Math.max(0, at - OBJECT_WINDOW);
  let k = pdf.lastIndexOf('obj', at);
  let objStart = -1;
  while (k >= from) {
    if (k >= 3 && pdf.toString('latin1', k - 3, k) === 'end') return undefined;
    if (endsWithObjectNumber(pdf.toString('latin1', Math.max(0, k - 24), k))) {
      objStart = k;
      break;
    }
    k = pdf.lastIndexOf('obj', k - 1);
  }
  if (objStart < 0) return undefined;
  if (!objects.has(objStart)) {
    const end = pdf.indexOf('endobj', at);
    try {
      objects.set(objStart, readValue(pdf, objStart + 3, end < 0 ? pdf.length : end).value);
    } catch {
      objects.set(objStart, null);
    }
  }
  const value = objects.get(objStart);
  if (!value) return null;
  return dictionariesIn(value).find((d) => d.entries.get('ByteRange')?.keyAt === at) ?? null;
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

function signingTimeAttribute(signer: pkijs.SignerInfo): Date | null {
  const value = attribute(signer, OID.signingTime) as asn1js.UTCTime | asn1js.GeneralizedTime | undefined;
  return value && 'toDate' in value ? value.toDate() : null;
}

function octets(value: asn1js.OctetString): Buffer {
  // A constructed (BER) octet string keeps its value in pieces.
  if (value.idBlock.isConstructed) {
    const parts = (value.valueBlock.value as asn1js.OctetString[]).map((p) => octets(p));
    return Buffer.concat(parts);
  }
  return Buffer.from(value.valueBlock.valueHexView);
}

type Cert = { pkijs: pkijs.Certificate; x509: X509Certificate };

function certificatesOf(signed: pkijs.SignedData): Cert[] {
  const out: Cert[] = [];
  for (const c of signed.certificates ?? []) {
    if (!(c instanceof pkijs.Certificate)) continue;
    try {
      out.push({ pkijs: c, x509: new X509Certificate(Buffer.from(c.toSchema().toBER())) });
    } catch {
      // An unreadable certificate cannot be the signer's.
    }
  }
  return out;
}

/** Whether `signature` over `data` verifies with `cert`'s key under the signer info's algorithms. */
function verifiesWith(
  cert: X509Certificate,
  signer: pkijs.SignerInfo,
  data: Buffer,
  signature: Buffer,
): boolean {
  const algorithm = signer.signatureAlgorithm.algorithmId;
  const digest = SIGNATURE_DIGESTS[algorithm] ?? DIGESTS[signer.digestAlgorithm.algorithmId];
  try {
    const key = cert.publicKey;
    if (key.asymmetricKeyType === 'ed25519' || key.asymmetricKeyType === 'ed448')
      return cryptoVerify(null, data, key, signature);
    if (!digest) return false;
    if (algorithm === OID.rsaPss)
      return cryptoVerify(
        digest,
        data,
        {
          key,
          padding: cryptoConstants.RSA_PKCS1_PSS_PADDING,
          saltLength: cryptoConstants.RSA_PSS_SALTLEN_AUTO,
        },
        signature,
      );
    return cryptoVerify(digest, data, key, signature);
  } catch {
    return false;
  }
}

type CmsResult = {
  signed: pkijs.SignedData;
  signer: pkijs.SignerInfo;
  /** The certificate whose key verifies the signature, else the one the signer info names (for reporting only). */
  cert: Cert | null;
  keyVerifies: boolean;
  digestMatches: boolean;
  certificates: Cert[];
};

/** Reads a CMS SignedData and checks its first signer over `content` (the signed bytes; null: its encapsulated content). */
function checkCms(der: Buffer, content: Buffer | null): CmsResult | null {
  const asn1 = asn1js.fromBER(new Uint8Array(der));
  if (asn1.offset === -1) return null;
  const info = new pkijs.ContentInfo({ schema: asn1.result });
  if (info.contentType !== OID.signedData) return null;
  const signed = new pkijs.SignedData({ schema: info.content });
  const signer = signed.signerInfos[0];
  if (!signer) return null;
  const certificates = certificatesOf(signed);
  const digestName = DIGESTS[signer.digestAlgorithm.algorithmId];
  // adbe.pkcs7.sha1 and timestamp tokens encapsulate what was signed; detached ones sign the bytes.
  const eContent = signed.encapContentInfo.eContent;
  const message = eContent ? octets(eContent) : (content ?? Buffer.alloc(0));
  const signature = Buffer.from(signer.signature.valueBlock.valueHexView);

  let data: Buffer;
  let digestMatches: boolean;
  if (signer.signedAttrs) {
    const carried = attribute(signer, OID.messageDigest) as asn1js.OctetString | undefined;
    digestMatches =
      !!digestName && !!carried && octets(carried).equals(createHash(digestName).update(message).digest());
    // The signature covers the DER of the attributes as a SET (RFC 5652 §5.4).
    const encoded = Buffer.from(signer.signedAttrs.encodedValue);
    encoded[0] = 0x31;
    data = encoded;
  } else {
    data = message;
    digestMatches = false; // settled by the signature itself below
  }
  const verifying = certificates.find((c) => verifiesWith(c.x509, signer, data, signature)) ?? null;
  if (!signer.signedAttrs) digestMatches = !!verifying;
  if (eContent && content) {
    // adbe.pkcs7.sha1: the encapsulated content is the SHA-1 of the signed bytes.
    digestMatches = digestMatches && message.equals(createHash('sha1').update(content).digest());
  }
  let named: Cert | null = null;
  if (!verifying && signer.sid instanceof pkijs.IssuerAndSerialNumber) {
    const sid = signer.sid;
    named =
      certificates.find(
        (c) => c.pkijs.issuer.isEqual(sid.issuer) && c.pkijs.serialNumber.isEqual(sid.serialNumber),
      ) ?? null;
  }
  return { signed, signer, cert: verifying ?? named, keyVerifies: !!verifying, digestMatches, certificates };
}

function isSelfSigned(cert: X509Certificate): boolean {
  try {
    // Not checkIssued: a leaf that signs itself lacks keyCertSign, and is self-signed all the same.
    return cert.subject === cert.issuer && cert.verify(cert.publicKey);
  } catch {
    return false;
  }
}

/** Whether `leaf` chains, through the CMS's own certificates, to a root in the trust store. */
function chainsToRoot(leaf: X509Certificate, pool: X509Certificate[], roots: X509Certificate[]): boolean {
  const issuedBy = (child: X509Certificate, parent: X509Certificate) => {
    try {
      return child.checkIssued(parent) && child.verify(parent.publicKey);
    } catch {
      return false;
    }
  };
  let current = leaf;
  for (let depth = 0; depth < 8; depth++) {
    if (roots.some((r) => r.raw.equals(current.raw))) return true;
    if (roots.some((r) => r.ca && issuedBy(current, r))) return true;
    if (isSelfSigned(current)) return false;
    const next = pool.find((c) => !c.raw.equals(current.raw) && c.ca && issuedBy(current, c));
    if (!next) return false;
    current = next;
  }
  return false;
}

/** The RFC 3161 timestamp token in the signer's unsigned attributes, checked. */
function timestampOf(
  signer: pkijs.SignerInfo,
  roots: X509Certificate[],
  outer: Cert[],
): (SealTimestamp & { at: Date }) | null {
  const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === OID.timeStampToken);
  const token = attr?.values[0];
  if (!token) return null;
  try {
    const der = Buffer.from(token.toBER());
    const asn1 = asn1js.fromBER(new Uint8Array(der));
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    const signed = new pkijs.SignedData({ schema: info.content });
    const eContent = signed.encapContentInfo.eContent;
    if (signed.encapContentInfo.eContentType !== OID.tstInfo || !eContent) return null;
    const tst = new pkijs.TSTInfo({ schema: asn1js.fromBER(new Uint8Array(octets(eContent))).result });
    const imprintDigest = DIGESTS[tst.messageImprint.hashAlgorithm.algorithmId];
    const imprintMatches =
      !!imprintDigest &&
      Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(
        createHash(imprintDigest).update(Buffer.from(signer.signature.valueBlock.valueHexView)).digest(),
      );
    // The token's own signature is over its TSTInfo, which checkCms reads as encapsulated content.
    const cms = checkCms(der, null);
    const tsa = cms?.keyVerifies ? cms.cert : null;
    const trusted =
      !!tsa &&
      chainsToRoot(
        tsa.x509,
        [...(cms?.certificates ?? []), ...outer].map((c) => c.x509),
        roots,
      );
    const authority = tsa
      ? (commonName(tsa.pkijs.subject) ?? distinguishedName(tsa.pkijs.subject))
      : cms?.cert
        ? commonName(cms.cert.pkijs.subject)
        : null;
    return {
      at: tst.genTime,
      time: tst.genTime.toISOString(),
      authority,
      verified: imprintMatches && !!cms?.digestMatches && !!tsa && trusted,
    };
  } catch {
    return null;
  }
}

type Context = {
  roots: X509Certificate[];
  engineerName: string | null;
  now: Date;
  checkedBytes: { n: number };
};

function byteRangeOf(dict: Dictionary): number[] | null {
  const br = dict.entries.get('ByteRange')?.value;
  if (br?.kind !== 'array' || br.items.length !== 4) return null;
  const nums = br.items.map((v) => (v.kind === 'number' && v.integer && v.value >= 0 ? v.value : Number.NaN));
  return nums.some(Number.isNaN) ? null : nums;
}

function textOf(value: PdfValue | undefined): string | null {
  if (value?.kind === 'string' || value?.kind === 'hex') return value.bytes.toString('latin1');
  return null;
}

async function checkOne(pdf: Buffer, found: Found, ctx: Context): Promise<PdfSignatureDetail> {
  const detail: PdfSignatureDetail = {
    signer_name: null,
    subject: null,
    issuer: null,
    signed_at: null,
    signed_at_source: null,
    covers_whole_file: false,
    digest_matches: false,
    signature_valid: false,
    problem: null,
    certificate: null,
    timestamp: null,
    matches_engineer: null,
  };
  const { dict } = found;
  if (!dict) {
    detail.problem = 'The signature dictionary cannot be read.';
    return detail;
  }
  const claimed = pdfDate(textOf(dict.entries.get('M')?.value) ?? '');
  const range = byteRangeOf(dict);
  const contents = dict.entries.get('Contents')?.value;
  if (!range) {
    detail.problem = 'The signed byte range is not four whole numbers.';
    return detail;
  }
  const [a, b, c, d] = range;
  detail.covers_whole_file = a === 0 && c + d === pdf.length;
  if (a !== 0) detail.problem = 'The signed byte range does not start at the beginning of the file.';
  else if (b + 0 > c || a + b > pdf.length || c + d > pdf.length)
    detail.problem = 'The signed byte range runs past the end of the file (it was cut short or changed).';
  else if (contents?.kind !== 'hex' || !contents.clean)
    detail.problem = 'The signature contents are not a hex string.';
  else if (contents.start !== b || contents.end !== c)
    detail.problem = 'The gap in the signed byte range is not the signature’s contents.';

  const inFile = a + b <= pdf.length && c + d <= pdf.length && b <= c;
  if (contents?.kind !== 'hex') return withClaimedTime(detail, claimed);
  let signedBytes = Buffer.alloc(0);
  if (inFile) {
    ctx.checkedBytes.n += b + d;
    if (ctx.checkedBytes.n > PDF_CHECK_LIMITS.checkedBytes)
      throw new PdfTooComplexError(`more than ${PDF_CHECK_LIMITS.checkedBytes} signed bytes to read`);
    signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  }
  let cms: CmsResult | null = null;
  try {
    cms = checkCms(contents.bytes, signedBytes);
  } catch {
    cms = null;
  }
  if (!cms) {
    detail.problem ??= 'The signature data cannot be read.';
    return withClaimedTime(detail, claimed);
  }
  detail.digest_matches = inFile && cms.digestMatches;
  detail.signature_valid = inFile && cms.keyVerifies && cms.digestMatches;
  if (!cms.keyVerifies) detail.problem ??= 'No certificate in the signature verifies it.';

  const stamp = timestampOf(cms.signer, ctx.roots, cms.certificates);
  if (stamp) detail.timestamp = { time: stamp.time, authority: stamp.authority, verified: stamp.verified };
  const ownClock = signingTimeAttribute(cms.signer) ?? claimed;
  if (stamp?.verified) {
    detail.signed_at = stamp.time;
    detail.signed_at_source = 'timestamp_authority';
  } else {
    withClaimedTime(detail, ownClock);
  }

  // Only the certificate whose key verifies the signature names the signer.
  if (cms.keyVerifies && cms.cert) {
    const { pkijs: p, x509 } = cms.cert;
    detail.signer_name = commonName(p.subject);
    detail.subject = distinguishedName(p.subject);
    detail.issuer = distinguishedName(p.issuer);
    const notBefore = new Date(x509.validFrom);
    const notAfter = new Date(x509.validTo);
    const at = stamp?.verified ? stamp.at : (ownClock ?? ctx.now);
    detail.certificate = {
      trusted: chainsToRoot(
        x509,
        cms.certificates.map((x) => x.x509),
        ctx.roots,
      ),
      self_signed: isSelfSigned(x509),
      valid_at_signing: notBefore <= at && at <= notAfter,
      not_before: notBefore.toISOString(),
      not_after: notAfter.toISOString(),
    };
    if (ctx.engineerName && detail.signer_name)
      detail.matches_engineer = sameEngineerName(detail.signer_name, ctx.engineerName);
  }
  return detail;
}

function withClaimedTime(detail: PdfSignatureDetail, at: Date | null): PdfSignatureDetail {
  if (at) {
    detail.signed_at = at.toISOString();
    detail.signed_at_source = 'signer_clock';
  }
  return detail;
}

/** Every signature dictionary of the PDF, checked, with the status and the verdict. */
export async function checkPdfSignatures(
  pdf: Buffer,
  options: CheckOptions = {},
): Promise<PdfSignatureCheck> {
  const found = findSignatureDictionaries(pdf);
  const ctx: Context = {
    roots: parseTrustRoots(options.trustRootsPem ?? ''),
    engineerName: options.engineerName?.trim() || null,
    now: options.now ?? new Date(),
    checkedBytes: { n: 0 },
  };
  const signatures: PdfSignatureDetail[] = [];
  for (const f of found) signatures.push(await checkOne(pdf, f, ctx));
  const status = pdfSignatureStatus(signatures);
  return { status, seal: sealVerdict(status, signatures), signatures };
}

/** Refuses a file that only starts like a PDF: a reader must open it and find a page. */
export async function assertReadablePdf(pdf: Buffer): Promise<void> {
  let pages = 0;
  try {
    // Loaded on first use: a worker thread that only refuses files by their limits never needs it.
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch (err) {
    throw new PdfUnreadableError((err as Error)?.message ?? 'parse failed');
  }
  if (pages < 1) throw new PdfUnreadableError('no pages');
}

/** A deliverable's check: limits first (cheap), then readability, then the signatures. */
export async function checkDeliverablePdf(
  pdf: Buffer,
  options: CheckOptions = {},
): Promise<PdfSignatureCheck> {
  findSignatureDictionaries(pdf);
  await assertReadablePdf(pdf);
  return checkPdfSignatures(pdf, options);
}

/** Whether `text` ends with an object's number and generation and a space ('12 0 ' before 'obj'). */
function endsWithObjectNumber(text: string): boolean {
  if (text.length === 0 || text.at(-1)!.trim() !== '') return false;
  const words = text.trim().split(/\s+/);
  if (words.length < 2) return false;
  const [number, generation] = words.slice(-2);
  return /\d$/.test(number) && /^\d+$/.test(generation);
}
