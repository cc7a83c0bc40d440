// The record as a PDF summary for the permit file: the project, every entry in order in
// words (who did what, dollars, the deliverable and its seal verdict) with its hash, whether
// the chain verifies, and the head hash that pins the whole record.
import { PRODUCT_NAME, PROJECT_RECORD_LABELS, type ProjectRecordDto, RECORD_MESSAGES } from '@app/shared';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };

/** The standard PDF fonts speak WinAnsi only: anything else is shown as '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** '27 Nov 2026, 13:45 UTC': the PDF is read away from any browser, so in UTC and said so. */
export function pdfMoment(iso: string): string {
  const d = new Date(iso);
  const day = d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

type Style = 'title' | 'heading' | 'text' | 'small' | 'verdict' | 'entry' | 'hash';
export type PdfLine = { text: string; style: Style };

/** What the PDF says, line by line: the entries in words (their `summary`), hashes last. */
export function recordPdfLines(record: ProjectRecordDto, generatedAt: Date): PdfLine[] {
  const lines: PdfLine[] = [
    { text: RECORD_MESSAGES.title, style: 'title' },
    { text: record.project_title, style: 'heading' },
    { text: `Project ${record.project_id}`, style: 'small' },
    { text: `Generated ${pdfMoment(generatedAt.toISOString())}`, style: 'small' },
    {
      text: record.verified
        ? RECORD_MESSAGES.intact
        : RECORD_MESSAGES.broken.replace('{seq}', String(record.broken_at)),
      style: 'verdict',
    },
    { text: 'Head hash (SHA-256 of the last entry; it stands for the whole record):', style: 'small' },
    { text: record.head_hash ?? '-', style: 'hash' },
  ];
  if (record.entries.length === 0) lines.push({ text: RECORD_MESSAGES.empty, style: 'text' });
  for (const entry of record.entries) {
    lines.push({
      text: `${entry.seq}. ${PROJECT_RECORD_LABELS[entry.type]} - ${pdfMoment(entry.at)}`,
      style: 'entry',
    });
    lines.push({ text: entry.summary, style: 'text' });
    lines.push({ text: `hash ${entry.hash}`, style: 'hash' });
  }
  return lines;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function recordPdf(record: ProjectRecordDto, generatedAt = new Date()): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Project record: ${printable(record.project_title)}`);
  doc.setProducer(PRODUCT_NAME);
  // The head hash in the metadata too, for a machine reading the permit file.
  doc.setSubject(`Project ${record.project_id}; head hash ${record.head_hash ?? 'none'}`);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const width = PAGE.width - 2 * PAGE.margin;
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;

  const write = (text: string, f: PDFFont, size: number, gap = 4, color = rgb(0.1, 0.1, 0.1)) => {
    for (const line of wrap(text, f, size, width)) {
      if (y < PAGE.margin + size) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      page.drawText(line, { x: PAGE.margin, y: y - size, size, font: f, color });
      y -= size + gap;
    }
  };

  const styles: Record<Style, [PDFFont, number, number, ReturnType<typeof rgb>]> = {
    title: [bold, 18, 8, rgb(0.1, 0.1, 0.1)],
    heading: [bold, 12, 4, rgb(0.1, 0.1, 0.1)],
    small: [font, 9, 4, rgb(0.1, 0.1, 0.1)],
    text: [font, 9, 2, rgb(0.1, 0.1, 0.1)],
    verdict: [bold, 10, 4, record.verified ? rgb(0.05, 0.4, 0.2) : rgb(0.7, 0.1, 0.1)],
    entry: [bold, 10, 2, rgb(0.1, 0.1, 0.1)],
    hash: [mono, 7, 10, rgb(0.35, 0.35, 0.35)],
  };
  for (const line of recordPdfLines(record, generatedAt)) {
    const [f, size, gap, color] = styles[line.style];
    write(line.text, f, size, gap, color);
  }
  return doc.save();
}
