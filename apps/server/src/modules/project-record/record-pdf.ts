// The record as a PDF summary for the permit file: the project, every entry in order with
// its hash, whether the chain verifies, and the head hash that pins the whole record.
import { PROJECT_RECORD_LABELS, type ProjectRecordDto, RECORD_MESSAGES } from '@app/shared';
import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';

const PAGE = { width: 595.28, height: 841.89, margin: 48 };

/** The standard PDF fonts speak WinAnsi only: anything else is shown as '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');
}

/** A short human line for an entry's data (amounts in dollars, hashes shortened). */
export function describeData(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([key, value]) => {
      if (typeof value === 'number' && key.endsWith('_cents'))
        return `${key.slice(0, -6)} $${(value / 100).toFixed(2)}`;
      if (typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)) return `${key} ${value.slice(0, 16)}...`;
      if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) return `${key} ${value.slice(0, 8)}`;
      return `${key} ${typeof value === 'string' ? value : JSON.stringify(value)}`;
    })
    .join(' · ');
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
  doc.setProducer('StampWorks');
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

  write(RECORD_MESSAGES.title, bold, 18, 8);
  write(record.project_title, bold, 12);
  write(`Project ${record.project_id}`, font, 9);
  write(`Generated ${generatedAt.toISOString()}`, font, 9, 12);
  const verdict = record.verified
    ? RECORD_MESSAGES.intact
    : RECORD_MESSAGES.broken.replace('{seq}', String(record.broken_at));
  write(verdict, bold, 10, 4, record.verified ? rgb(0.05, 0.4, 0.2) : rgb(0.7, 0.1, 0.1));
  write('Head hash (SHA-256 of the last entry; it stands for the whole record):', font, 9);
  write(record.head_hash ?? '-', mono, 9, 14);
  if (record.entries.length === 0) write(RECORD_MESSAGES.empty, font, 10);
  for (const entry of record.entries) {
    write(`${entry.seq}. ${PROJECT_RECORD_LABELS[entry.type]} - ${entry.at}`, bold, 10, 2);
    const details = describeData(entry.data);
    if (details) write(details, font, 9, 2);
    write(`hash ${entry.hash}`, mono, 7, 10, rgb(0.35, 0.35, 0.35));
  }
  return doc.save();
}
