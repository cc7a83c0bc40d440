// Test support: signed PDFs made with tools independent of the product's own signing code.
// Certificates, the CMS signatures and RFC 3161 timestamp tokens come from the openssl CLI
// (`openssl req/x509/ca`, `openssl cms -sign`, `openssl ts`: a local timestamp authority);
// @signpdf frames them into the PDF; poppler's `pdfsig -add-signature` (with NSS's
// certutil/pk12util) adds incremental signatures where installed. A CA made here for the
// tests is the trust store's only root.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { Signer, SignPdf } from '@signpdf/signpdf';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';

export const PDFSIG = process.env.PDFSIG_PATH ?? '/usr/bin/pdfsig';
const CERTUTIL = '/usr/bin/certutil';
const PK12UTIL = '/usr/bin/pk12util';

export type Identity = { cert: string; key: string; chain: string[] };

export class Workshop {
  readonly dir = mkdtempSync(join(tmpdir(), 'seal-corpus-'));
  readonly ca: Identity;
  readonly tsa: Identity;

  constructor() {
    this.ca = this.selfSigned('ca', 'Test Seal Authority', true);
    this.tsa = this.issued('tsa', 'Test Timestamp Authority', {
      ext: 'extendedKeyUsage=critical,timeStamping\nkeyUsage=critical,digitalSignature',
    });
  }

  private file(name: string): string {
    return join(this.dir, name);
  }

  openssl(args: string[], input?: Buffer): Buffer {
    return execFileSync('openssl', args, { cwd: this.dir, input, stdio: ['pipe', 'pipe', 'pipe'] });
  }

  /** A self-signed certificate (a CA when `ca`). */
  selfSigned(name: string, cn: string, ca = false): Identity {
    const key = this.file(`${name}.key`);
    const cert = this.file(`${name}.crt`);
    this.openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '3650',
      '-subj',
      `/CN=${cn}/O=Corpus/C=US`,
      '-addext',
      ca ? 'basicConstraints=critical,CA:TRUE' : 'basicConstraints=critical,CA:FALSE',
      '-addext',
      ca ? 'keyUsage=critical,keyCertSign,cRLSign' : 'keyUsage=critical,digitalSignature,nonRepudiation',
    ]);
    return { cert, key, chain: [] };
  }

  /** A certificate issued by the test CA; `dates` makes it with `openssl ca` for fixed validity (e.g. long expired). */
  issued(
    name: string,
    cn: string,
    opts: { ext?: string; dates?: { start: string; end: string } } = {},
  ): Identity {
    const key = this.file(`${name}.key`);
    const csr = this.file(`${name}.csr`);
    const cert = this.file(`${name}.crt`);
    const ext = this.file(`${name}.ext`);
    writeFileSync(
      ext,
      `${opts.ext ?? 'keyUsage=critical,digitalSignature,nonRepudiation'}\nbasicConstraints=CA:FALSE\n`,
    );
    this.openssl([
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      csr,
      '-subj',
      `/CN=${cn}/O=Corpus/C=US`,
    ]);
    if (opts.dates) {
      writeFileSync(this.file('index.txt'), '');
      writeFileSync(this.file('serial'), '1000\n');
      writeFileSync(
        this.file('ca.cnf'),
        [
          '[ca]',
          'default_ca=d',
          '[d]',
          `database=${this.file('index.txt')}`,
          `new_certs_dir=${this.dir}`,
          `serial=${this.file('serial')}`,
          'default_md=sha256',
          'policy=p',
          'unique_subject=no',
          '[p]',
          'commonName=supplied',
          'organizationName=optional',
          'countryName=optional',
          '[x]',
          'keyUsage=critical,digitalSignature,nonRepudiation',
          'basicConstraints=CA:FALSE',
          '',
        ].join('\n'),
      );
      this.openssl([
        'ca',
        '-batch',
        '-config',
        this.file('ca.cnf'),
        '-cert',
        this.ca.cert,
        '-keyfile',
        this.ca.key,
        '-in',
        csr,
        '-out',
        cert,
        '-startdate',
        opts.dates.start,
        '-enddate',
        opts.dates.end,
        '-extensions',
        'x',
        '-notext',
      ]);
    } else {
      this.openssl([
        'x509',
        '-req',
        '-in',
        csr,
        '-CA',
        this.ca.cert,
        '-CAkey',
        this.ca.key,
        '-CAcreateserial',
        '-out',
        cert,
        '-days',
        '825',
        '-sha256',
        '-extfile',
        ext,
      ]);
    }
    return { cert, key, chain: [this.ca.cert] };
  }

  /** The trust store: the test CA only. */
  rootsPem(): string {
    return readFileSync(this.ca.cert, 'utf8');
  }

  /** A detached CMS signature over `data` by openssl cms. */
  cms(
    data: Buffer,
    who: Identity,
    opts: { noattr?: boolean; certs?: string[]; timestamp?: boolean } = {},
  ): Buffer {
    const input = this.file('to-sign.bin');
    writeFileSync(input, data);
    const args = [
      'cms',
      '-sign',
      '-binary',
      '-in',
      input,
      '-signer',
      who.cert,
      '-inkey',
      who.key,
      '-md',
      'sha256',
      '-outform',
      'DER',
      '-nosmimecap',
    ];
    if (opts.noattr) args.push('-noattr');
    if (opts.certs) {
      args.push('-nocerts');
      for (const c of opts.certs) args.push('-certfile', c);
    } else for (const c of who.chain) args.push('-certfile', c);
    let der = this.openssl(args);
    if (opts.timestamp) der = this.withTimestamp(der);
    return der;
  }

  /** The CMS with an RFC 3161 token from the local `openssl ts` authority over its signature value. */
  private withTimestamp(der: Buffer): Buffer {
    const info = new pkijs.ContentInfo({ schema: asn1js.fromBER(new Uint8Array(der)).result });
    const signed = new pkijs.SignedData({ schema: info.content });
    const signer = signed.signerInfos[0];
    writeFileSync(this.file('sig.bin'), Buffer.from(signer.signature.valueBlock.valueHexView));
    this.openssl([
      'ts',
      '-query',
      '-data',
      this.file('sig.bin'),
      '-sha256',
      '-cert',
      '-out',
      this.file('q.tsq'),
    ]);
    writeFileSync(
      this.file('ts.cnf'),
      [
        '[tsa]',
        'default_tsa=t',
        '[t]',
        `serial=${this.file('tsaserial')}`,
        'crypto_device=builtin',
        'signer_digest=sha256',
        'default_policy=1.2.3.4.1',
        'digests=sha256,sha384,sha512',
        'accuracy=secs:1',
        'ordering=yes',
        'tsa_name=yes',
        'ess_cert_id_chain=no',
        'ess_cert_id_alg=sha256',
        '',
      ].join('\n'),
    );
    if (!existsSync(this.file('tsaserial'))) writeFileSync(this.file('tsaserial'), '01\n');
    this.openssl([
      'ts',
      '-reply',
      '-config',
      this.file('ts.cnf'),
      '-queryfile',
      this.file('q.tsq'),
      '-signer',
      this.tsa.cert,
      '-inkey',
      this.tsa.key,
      '-chain',
      this.ca.cert,
      '-token_out',
      '-out',
      this.file('token.der'),
    ]);
    const token = asn1js.fromBER(new Uint8Array(readFileSync(this.file('token.der')))).result;
    signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new pkijs.Attribute({ type: '1.2.840.113549.1.9.16.2.14', values: [token] })],
    });
    const out = new pkijs.ContentInfo({ contentType: info.contentType, content: signed.toSchema(true) });
    return Buffer.from(out.toSchema().toBER());
  }

  /** `pdf` signed through @signpdf's placeholder with a CMS openssl makes. */
  async sign(
    pdf: Buffer,
    who: Identity,
    opts: { noattr?: boolean; certs?: string[]; timestamp?: boolean; signingTime?: Date } = {},
  ): Promise<Buffer> {
    const doc = await PDFDocument.load(pdf);
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: 'Sealed for permit',
      contactInfo: '',
      name: 'Corpus',
      location: 'Test',
      signingTime: opts.signingTime,
      signatureLength: 16_000,
    });
    const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
    const workshop = this;
    class OpensslSigner extends Signer {
      override async sign(bytes: Buffer): Promise<Buffer> {
        return workshop.cms(bytes, who, opts);
      }
    }
    return new SignPdf().sign(withPlaceholder, new OpensslSigner(), opts.signingTime);
  }

  /** Whether `pdfsig -add-signature` can run here (poppler with NSS's tools). */
  canAddWithPdfsig(): boolean {
    return existsSync(PDFSIG) && existsSync(CERTUTIL) && existsSync(PK12UTIL);
  }

  /** `pdf` with one more signature by poppler's pdfsig (an incremental update), with `who`'s key. */
  addWithPdfsig(pdf: Buffer, who: Identity, nick: string): Buffer {
    const nss = this.file(`nss-${nick}`);
    if (!existsSync(nss)) {
      execFileSync('mkdir', ['-p', nss]);
      execFileSync(CERTUTIL, ['-N', '-d', `sql:${nss}`, '--empty-password']);
      const p12 = this.file(`${nick}.p12`);
      this.openssl([
        'pkcs12',
        '-export',
        '-in',
        who.cert,
        '-inkey',
        who.key,
        '-name',
        nick,
        '-out',
        p12,
        '-passout',
        'pass:x',
      ]);
      execFileSync(PK12UTIL, ['-i', p12, '-d', `sql:${nss}`, '-W', 'x'], { stdio: 'pipe' });
    }
    const input = this.file('pdfsig-in.pdf');
    const output = this.file('pdfsig-out.pdf');
    writeFileSync(input, pdf);
    rmSync(output, { force: true });
    execFileSync(
      PDFSIG,
      [
        '-add-signature',
        '-nssdir',
        `sql:${nss}`,
        '-nick',
        nick,
        '-new-signature-field-name',
        `Sig${Date.now()}`,
        input,
        output,
      ],
      { stdio: 'pipe' },
    );
    return readFileSync(output);
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** What pdfsig says of a file: its signature count and the status in the product's terms. */
export function pdfsigVerdict(
  pdf: Buffer,
  dir: string,
): { count: number; status: 'intact' | 'changed' | 'unsigned' } {
  const path = join(dir, 'pdfsig-check.pdf');
  writeFileSync(path, pdf);
  let out: string;
  try {
    out = execFileSync(PDFSIG, ['-nocert', '-no-ocsp', path], { stdio: 'pipe' }).toString();
  } catch (err) {
    // pdfsig exits non-zero on files without signatures and on some damaged ones.
    const e = err as { stdout?: Buffer; stderr?: Buffer };
    out = `${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`;
  }
  const blocks = out.split(/^Signature #\d+:/m).slice(1);
  if (blocks.length === 0) return { count: 0, status: 'unsigned' };
  const allValid = blocks.every((b) => /Signature Validation: Signature is Valid\./.test(b));
  const last = blocks[blocks.length - 1];
  const whole = /Total document signed/.test(last) && !/Not total document signed/.test(last);
  return { count: blocks.length, status: allValid && whole ? 'intact' : 'changed' };
}

/** Replaces `from` (first occurrence after `after`) with `to` of the same length. */
export function patch(pdf: Buffer, from: string, to: string, after = 0): Buffer {
  if (from.length !== to.length) throw new Error('patch must keep the length');
  const at = pdf.indexOf(from, after, 'latin1');
  if (at < 0) throw new Error(`patch: ${from} not found`);
  const copy = Buffer.from(pdf);
  copy.write(to, at, 'latin1');
  return copy;
}
