import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, fileNameOfDisposition, MAX_FILE_NAME } from './file-names.ts';

describe('cleanFileName', () => {
  it('keeps the name people gave, with the extension of what the bytes are', () => {
    expect(cleanFileName('Foundation plan – rev B.pdf', 'pdf')).toBe('Foundation plan – rev B.pdf');
    expect(cleanFileName('C:\\Users\\ann\\Licence proof.PDF', 'pdf')).toBe('Licence proof.pdf');
    expect(cleanFileName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(cleanFileName('photo.exe', 'png')).toBe('photo.png');
    expect(cleanFileName('notes', 'pdf')).toBe('notes.pdf');
  });
  it('drops control and bidirectional characters, and answers null when nothing is left', () => {
    expect(cleanFileName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.pdf');
    expect(cleanFileName('a\u0000b\r\n.pdf', 'pdf')).toBe('ab.pdf');
    expect(cleanFileName('..', 'pdf')).toBeNull();
    expect(cleanFileName('', 'pdf')).toBeNull();
    expect(cleanFileName(null, 'pdf')).toBeNull();
  });
  it('keeps names short', () => {
    const long = cleanFileName(`${'é'.repeat(300)}.pdf`, 'pdf')!;
    expect([...long]).toHaveLength(MAX_FILE_NAME);
    expect(long.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition', () => {
  it('names the file in ASCII and exactly in filename*', () => {
    expect(contentDisposition('attachment', 'Plan rev B.pdf')).toBe(
      `attachment; filename="Plan rev B.pdf"; filename*=UTF-8''Plan%20rev%20B.pdf`,
    );
    const header = contentDisposition('attachment', 'Bauplan „Süd“ (1).pdf');
    expect(header).toBe(
      `attachment; filename="Bauplan _S_d_ (1).pdf"; filename*=UTF-8''Bauplan%20%E2%80%9ES%C3%BCd%E2%80%9C%20%281%29.pdf`,
    );
    expect(fileNameOfDisposition(header)).toBe('Bauplan „Süd“ (1).pdf');
    // A quote cannot end the quoted name early.
    expect(contentDisposition('attachment', 'a"b.pdf')).toContain('filename="a_b.pdf"');
    expect(contentDisposition('inline', null)).toBe('inline');
  });
  it('reads back what it wrote, and plain names', () => {
    expect(fileNameOfDisposition(`attachment; filename="x.pdf"`)).toBe('x.pdf');
    expect(fileNameOfDisposition('attachment')).toBeNull();
    expect(fileNameOfDisposition(null)).toBeNull();
  });
});
