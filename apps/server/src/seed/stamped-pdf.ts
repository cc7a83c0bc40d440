// Stamped drawings for the demo data and the tests: a one-page PDF with a title block,
// and a PAdES-style detached signature made with a certificate issued by a small demo
// authority — what an engineer's digital seal produces, with keys made on the spot.
// Nothing here is used to check signatures (modules/seals/pdf-signatures.ts is).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
// The named class: under Node's own ESM loader (npm start) the CommonJS default export is the
// module object, not the signer, so `import signpdf from` only worked inside Vitest.
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const PASSPHRASE = 'stampworks-demo';

type Name = { commonName: string; organization?: string; country?: string };
type KeyPair = { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey };

function keyPair(): KeyPair {
  // Node makes RSA keys natively in milliseconds; node-forge would take seconds in JS.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
    publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
  };
}

// Names as UTF8String (forge encodes them): in its default string type a name beyond ASCII
// (O’Connor, Sofía) broke the PKCS#12 MAC.
// (@types/node-forge declares the field as an ASN.1 class; forge reads it as the string's type.)
const utf8 = (value: string) => ({
  value,
  valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
});

function attributes(name: Name): forge.pki.CertificateField[] {
  return [
    { name: 'commonName', ...utf8(name.commonName) },
    ...(name.organization ? [{ name: 'organizationName', ...utf8(name.organization) }] : []),
    { name: 'countryName', value: name.country ?? 'US' },
  ];
}

function certificate(subject: Name, keys: KeyPair, issuer: { name: Name; keys: KeyPair } | null) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  // A year back: demo versions are dated days and weeks ago, and a seal is only valid from its certificate on.
  cert.validity.notBefore = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(Date.now() + 3 * 365 * 24 * 60 * 60 * 1000);
  cert.setSubject(attributes(subject));
  cert.setIssuer(attributes(issuer?.name ?? subject));
  cert.setExtensions(
    issuer
      ? [{ name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]
      : [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ],
  );
  cert.sign((issuer?.keys ?? keys).privateKey, forge.md.sha256.create());
  return cert;
}

/**
 * The demo seal authority: a fixed CA whose certificate is the demo trust store
 * (demo-trust-store.pem; development and the browser tests set SEAL_TRUST_ROOTS to it, so
 * the demo's seals read 'verified'). Its key is here for the demo only: it vouches for nothing.
 */
export const DEMO_TRUST_STORE = fileURLToPath(new URL('./demo-trust-store.pem', import.meta.url));
let demoAuthority: { name: Name; keys: KeyPair; cert: forge.pki.Certificate } | undefined;
function theDemoAuthority() {
  if (!demoAuthority) {
    const cert = forge.pki.certificateFromPem(readFileSync(DEMO_TRUST_STORE, 'utf8'));
    const privateKey = forge.pki.privateKeyFromPem(
      readFileSync(new URL('./demo-seal-authority.key.pem', import.meta.url), 'utf8'),
    ) as forge.pki.rsa.PrivateKey;
    demoAuthority = {
      name: { commonName: 'StampWorks Demo Seal Authority', organization: 'StampWorks' },
      keys: { privateKey, publicKey: cert.publicKey as forge.pki.rsa.PublicKey },
      cert,
    };
  }
  return demoAuthority;
}

/**
 * A signing identity (PKCS#12) for `signer`, issued by the demo seal authority, or
 * `selfSigned`: a certificate the signer made for themselves, as anyone can in a minute.
 */
export function makeSealIdentity(signer: Name, opts: { selfSigned?: boolean } = {}): Buffer {
  const keys = keyPair();
  let chain: forge.pki.Certificate[];
  if (opts.selfSigned) {
    const own = certificate(signer, keys, null);
    chain = [own];
  } else {
    const authority = theDemoAuthority();
    chain = [certificate(signer, keys, authority), authority.cert];
  }
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, chain, PASSPHRASE, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** A one-page drawing sheet with a title block, as an unsigned PDF. */
export async function drawingPdf(sheet: {
  title: string;
  project: string;
  engineer: string;
}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(sheet.title);
  doc.setAuthor(sheet.engineer);
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([792, 612]); // US letter, landscape
  const ink = rgb(0.1, 0.16, 0.3);
  page.drawRectangle({ x: 24, y: 24, width: 744, height: 564, borderColor: ink, borderWidth: 2 });
  // A plan: a building outline with a grid of columns.
  page.drawRectangle({ x: 80, y: 170, width: 420, height: 330, borderColor: ink, borderWidth: 1.5 });
  for (let i = 0; i <= 4; i++) {
    const x = 80 + i * 105;
    page.drawLine({ start: { x, y: 160 }, end: { x, y: 510 }, color: rgb(0.6, 0.65, 0.75), thickness: 0.5 });
    page.drawText(String.fromCharCode(65 + i), { x: x - 3, y: 516, size: 10, font: bold, color: ink });
  }
  for (let j = 0; j <= 3; j++) {
    const y = 170 + j * 110;
    page.drawLine({ start: { x: 70, y }, end: { x: 510, y }, color: rgb(0.6, 0.65, 0.75), thickness: 0.5 });
    page.drawText(String(j + 1), { x: 58, y: y - 3, size: 10, font: bold, color: ink });
    for (let i = 0; i <= 4; i++)
      page.drawRectangle({ x: 80 + i * 105 - 4, y: y - 4, width: 8, height: 8, color: ink });
  }
  // Title block.
  page.drawRectangle({ x: 540, y: 24, width: 228, height: 200, borderColor: ink, borderWidth: 1.5 });
  const rows: Array<[string, string]> = [
    ['PROJECT', sheet.project],
    ['SHEET', sheet.title],
    ['ENGINEER OF RECORD', sheet.engineer],
    ['SCALE', '1/8" = 1\'-0"'],
  ];
  rows.forEach(([label, value], i) => {
    const y = 200 - i * 44;
    page.drawText(label, { x: 548, y, size: 7, font: bold, color: ink });
    page.drawText(value.length > 36 ? `${value.slice(0, 35)}…` : value, {
      x: 548,
      y: y - 14,
      size: 10,
      font,
      color: ink,
    });
  });
  page.drawText('ISSUED FOR PERMIT', { x: 548, y: 34, size: 11, font: bold, color: rgb(0.7, 0.1, 0.1) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The PDF with a detached PKCS#7 signature by `identity` (from makeSealIdentity). */
export async function signPdf(
  pdf: Buffer,
  identity: Buffer,
  info: { name: string; location: string; signingTime?: Date },
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: 'Engineer of record: sealed and signed for permit',
    contactInfo: '',
    name: info.name,
    location: info.location,
    signingTime: info.signingTime,
  });
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(
    withPlaceholder,
    new P12Signer(identity, { passphrase: PASSPHRASE }),
    info.signingTime,
  );
}
