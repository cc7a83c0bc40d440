// Receipts and statements as PDF (pdf-lib, the library the seal tooling already uses), US
// Letter, with the standard Helvetica fonts: nothing to embed, so a file stays a few KB and
// its text can be searched and copied. Those fonts only know Windows-1252; any other character
// (a project title in Greek, an emoji) is printed as '?' rather than failing the document.
// Runs in a worker thread (pdf-render.ts): a busy year is hundreds of lines.
import { formatCents, PLATFORM_FEE_COVERS, PRODUCT_NAME } from '@app/shared';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { Receipt } from './receipt.ts';
import type { Statement } from './statement-builder.ts';

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const RIGHT = PAGE.width - MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.42, 0.48);
const RULE = rgb(0.82, 0.85, 0.88);
const BRAND = rgb(0.12, 0.34, 0.71);

/** 'Nov 27, 2026, 16:53 UTC': documents state times in UTC, the statements' time zone. */
export function utcStamp(iso: string, withTime = true): string {
  const d = new Date(iso);
  const month = d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const day = `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  if (!withTime) return day;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  private constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly charset: Set<number>,
    private readonly footer: string,
  ) {}

  static async create(title: string, footer: string): Promise<Writer> {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setAuthor(PRODUCT_NAME);
    doc.setCreator(PRODUCT_NAME);
    doc.setProducer(PRODUCT_NAME);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const w = new Writer(doc, regular, bold, new Set(regular.getCharacterSet()), footer);
    w.newPage();
    return w;
  }

  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Room for `height` more points on this page, else a new page. Answers whether it turned. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + 24) return false;
    this.newPage();
    return true;
  }

  safe(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
      const code = ch.codePointAt(0) as number;
      out += this.charset.has(code) ? ch : '?';
    }
    return out;
  }

  /** `text` cut with an ellipsis to fit `width` points. */
  fit(text: string, width: number, size: number, font = this.regular): string {
    const t = this.safe(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    // The longest start that fits with the ellipsis, found by halving.
    let lo = 0;
    let hi = t.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (font.widthOfTextAtSize(`${t.slice(0, mid)}...`, size) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${t.slice(0, lo).trimEnd()}...`;
  }

  text(
    text: string,
    x: number,
    opts: {
      size?: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      align?: 'left' | 'right';
      y?: number;
    } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.bold : this.regular;
    const t = this.safe(text);
    const at = opts.align === 'right' ? x - font.widthOfTextAtSize(t, size) : x;
    this.page.drawText(t, { x: at, y: opts.y ?? this.y, size, font, color: opts.color ?? INK });
  }

  /** Wrapped text from the left margin to `width`, moving down. */
  paragraph(text: string, opts: { size?: number; color?: ReturnType<typeof rgb>; width?: number } = {}) {
    const size = opts.size ?? 9;
    const width = opts.width ?? RIGHT - MARGIN;
    const words = this.safe(text).split(' ');
    let line = '';
    const flush = () => {
      this.ensure(size + 4);
      this.text(line, MARGIN, { size, color: opts.color });
      this.y -= size + 4;
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (this.regular.widthOfTextAtSize(next, size) > width && line) {
        flush();
        line = word;
      } else line = next;
    }
    if (line) flush();
  }

  rule(gap = 8) {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: RIGHT, y: this.y },
      thickness: 0.75,
      color: RULE,
    });
    this.y -= gap;
  }

  /** A label and its value on one line. */
  pair(label: string, value: string, opts: { bold?: boolean } = {}) {
    this.ensure(16);
    this.text(label, MARGIN, { color: MUTED });
    this.text(this.fit(value, RIGHT - MARGIN - 170, 10, opts.bold ? this.bold : this.regular), MARGIN + 170, {
      bold: opts.bold,
    });
    this.y -= 16;
  }

  heading(title: string, subtitle: string) {
    this.text(PRODUCT_NAME, MARGIN, { size: 11, bold: true, color: BRAND });
    this.y -= 30;
    this.text(title, MARGIN, { size: 20, bold: true });
    this.y -= 18;
    this.text(subtitle, MARGIN, { size: 10, color: MUTED });
    this.y -= 18;
    this.rule(20);
  }

  async finish(): Promise<Uint8Array> {
    this.pages.forEach((p, i) => {
      p.drawText(this.safe(`${this.footer} - Page ${i + 1} of ${this.pages.length}`), {
        x: MARGIN,
        y: MARGIN - 16,
        size: 8,
        font: this.regular,
        color: MUTED,
      });
    });
    return this.doc.save({ useObjectStreams: true });
  }
}

export async function receiptPdf(r: Receipt): Promise<Uint8Array> {
  const title = r.kind === 'refund' ? 'Refund receipt' : 'Payment receipt';
  const w = await Writer.create(
    `${title} ${r.paymentId}`,
    `StampWorks ${title.toLowerCase()} for payment ${r.paymentId}`,
  );
  w.heading(title, `Issued ${utcStamp(r.generatedAt)}`);

  w.pair(
    r.kind === 'refund' ? 'Amount refunded' : 'Amount paid',
    `${formatCents(r.amountCents)} ${r.currency.toUpperCase()}`,
    {
      bold: true,
    },
  );
  w.pair(r.kind === 'refund' ? 'Refunded on' : 'Paid on', utcStamp(r.at));
  w.pair('Payment ID', r.paymentId);
  if (r.providerReference) w.pair('Card provider reference', r.providerReference);
  if (r.refund?.id) w.pair('Refund ID', r.refund.id);
  w.y -= 6;
  w.rule(16);
  w.pair('Client', `${r.client.name} <${r.client.email}>`);
  w.pair('Engineer', r.engineerName);
  w.pair('Project', r.project.title);
  w.y -= 6;
  w.rule(16);

  if (r.fee) {
    const state =
      r.fee.state === 'taken'
        ? `taken when the escrow was released, ${utcStamp(r.fee.releasedAt as string, false)}`
        : r.fee.state === 'on_release'
          ? 'to be taken when the escrow is released to the engineer'
          : 'none: the payment was refunded';
    w.pair('Platform fee (20%, included)', formatCents(r.fee.feeCents), { bold: true });
    w.pair('', state);
    w.pair("Engineer's share", formatCents(r.fee.engineerCents));
    if (r.refundedCents > 0)
      w.pair('Refunded to you', `${formatCents(r.refundedCents)} (see the refund receipt)`);
  }
  if (r.refund) {
    w.pair('Payment', formatCents(r.refund.paidCents));
    w.pair('Why', r.refund.reason);
    w.pair('Platform fee', 'none is kept on refunded money');
  }
  w.y -= 8;
  w.text('What the platform fee covers', MARGIN, { bold: true, size: 10 });
  w.y -= 14;
  w.paragraph(r.feeCovers, { color: MUTED });
  w.y -= 8;
  w.paragraph(
    'Amounts in US dollars; times in UTC. Figures are taken from the StampWorks ledger. Keep this receipt for your records.',
    { color: MUTED, size: 8 },
  );
  return w.finish();
}

/** Column right edges and left starts for the statement's lines. */
const COL = {
  date: MARGIN,
  what: MARGIN + 74,
  project: MARGIN + 140,
  gross: 402,
  fee: 456,
  net: 510,
  balance: RIGHT,
};

export async function statementPdf(s: Statement): Promise<Uint8Array> {
  const w = await Writer.create(
    `Earnings statement ${s.period.label} - ${s.engineer.name}`,
    `StampWorks earnings statement, ${s.period.label}, ${s.engineer.name}`,
  );
  w.heading('Earnings statement', `${s.period.label} (UTC) - issued ${utcStamp(s.generatedAt)}`);
  w.pair('Engineer', `${s.engineer.name} <${s.engineer.email}>`);
  w.pair(
    'Period',
    `${utcStamp(s.period.from, false)} to ${utcStamp(new Date(Date.parse(s.period.to) - 1).toISOString(), false)}`,
  );
  w.y -= 6;
  w.rule(16);
  const t = s.totals;
  w.pair('Wallet balance at the start', formatCents(t.openingCents));
  w.pair(`Released to you (gross), ${s.releases.length}`, formatCents(t.grossCents));
  w.pair('Platform fee (20%)', formatCents(t.feeCents));
  w.pair('Net earnings (your 80%)', formatCents(t.netCents), { bold: true });
  w.pair(`Paid out, ${s.payouts.filter((p) => p.kind === 'sent').length}`, formatCents(t.sentCents));
  if (t.returnedCents) w.pair('Payouts refused, back in the wallet', formatCents(t.returnedCents));
  w.pair('Wallet balance at the end', formatCents(t.closingCents), { bold: true });
  w.y -= 6;
  w.rule(18);

  const header = () => {
    const o = { size: 8, bold: true, color: MUTED };
    w.text('Date', COL.date, o);
    w.text('Type', COL.what, o);
    w.text('Project / reference', COL.project, o);
    w.text('Gross', COL.gross, { ...o, align: 'right' });
    w.text('Fee', COL.fee, { ...o, align: 'right' });
    w.text('Net / paid', COL.net, { ...o, align: 'right' });
    w.text('Balance', COL.balance, { ...o, align: 'right' });
    w.y -= 6;
    w.rule(12);
  };
  w.text('Movements of your wallet', MARGIN, { bold: true, size: 11 });
  w.y -= 18;
  if (!s.lines.length) {
    w.text('No earnings or payouts in this period.', MARGIN, { color: MUTED });
    w.y -= 18;
  } else header();
  for (const l of s.lines) {
    if (w.ensure(26)) header();
    const size = 8.5;
    w.text(utcStamp(l.at, false), COL.date, { size });
    w.text(l.type === 'release' ? 'Release' : l.kind === 'sent' ? 'Payout' : 'Payout back', COL.what, {
      size,
    });
    w.text(w.fit(l.projectTitle || '-', COL.gross - 50 - COL.project, size), COL.project, { size });
    if (l.type === 'release') {
      w.text(formatCents(l.grossCents), COL.gross, { size, align: 'right' });
      w.text(formatCents(l.feeCents), COL.fee, { size, align: 'right' });
      w.text(formatCents(l.netCents), COL.net, { size, align: 'right' });
    } else {
      w.text(
        l.kind === 'sent' ? `-${formatCents(l.paidOutCents)}` : `+${formatCents(-l.paidOutCents)}`,
        COL.net,
        {
          size,
          align: 'right',
        },
      );
    }
    w.text(formatCents(l.balanceCents), COL.balance, { size, align: 'right' });
    w.y -= 10;
    const ref = l.type === 'release' ? `Payment ${l.paymentId ?? ''}` : `Payout ${l.payoutId ?? ''}`;
    w.text(w.fit(ref, COL.gross - 50 - COL.project, 7), COL.project, { size: 7, color: MUTED });
    w.y -= 12;
  }
  if (s.lines.length) {
    w.ensure(30);
    w.rule(12);
    const o = { size: 8.5, bold: true, align: 'right' as const };
    w.text('Totals', COL.date, { size: 8.5, bold: true });
    w.text(formatCents(t.grossCents), COL.gross, o);
    w.text(formatCents(t.feeCents), COL.fee, o);
    w.text(formatCents(t.netCents), COL.net, o);
    w.text(formatCents(t.closingCents), COL.balance, o);
    w.y -= 22;
  }
  w.ensure(60);
  w.text('What the platform fee covers', MARGIN, { bold: true, size: 10 });
  w.y -= 14;
  w.paragraph(PLATFORM_FEE_COVERS, { color: MUTED });
  w.y -= 6;
  w.paragraph(
    'Amounts in US dollars; months and dates in UTC. Figures are taken from the StampWorks ledger: releases are the money your clients accepted, payouts the money sent to your payout account.',
    { color: MUTED, size: 8 },
  );
  return w.finish();
}
