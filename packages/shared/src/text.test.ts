import { describe, expect, it } from 'vitest';
import { fullNameSchema } from './auth.ts';
import { licenseInputSchema } from './licenses.ts';
import { createProjectBodySchema } from './projects.schemas.ts';
import { createSubmissionBodySchema } from './submissions.ts';
import { createTicketSchema } from './support.ts';
import { BIDI_MESSAGE, hasNoBidiControls, revealBidiControls, withoutFinalStop } from './text.ts';

// U+202E then 'evil', U+202C, 'gnp.exe': displayed as 'livegnp.exe' (audit finding 7.7).
const trick = '\u202Eevil\u202Cgnp.exe';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('hidden text-direction characters', () => {
  it('are found in any of their forms, and plain or right-to-left text passes', () => {
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ])
      expect(hasNoBidiControls(`a${c}b`), c.codePointAt(0)?.toString(16)).toBe(false);
    expect(hasNoBidiControls('Ngô Thị Hương — مهندس')).toBe(true);
  });

  it('are refused in licence numbers, names, project, ticket and submission titles', () => {
    const licence = licenseInputSchema.safeParse({
      license_number: trick,
      license_type: 'PE',
      issue_country: 'USA',
      issue_state: 'Texas',
      specializations: ['civil'],
      expiration_date: '2099-01-01',
    });
    expect(messages(licence)).toContain(BIDI_MESSAGE);
    expect(messages(fullNameSchema().safeParse(`Ann ${trick}`))).toContain(BIDI_MESSAGE);
    expect(messages(createProjectBodySchema.safeParse({ title: trick, description: 'x' }))).toContain(
      BIDI_MESSAGE,
    );
    expect(
      messages(createTicketSchema.safeParse({ subject: trick, message: 'x', priority: 'low' })),
    ).toContain(BIDI_MESSAGE);
    expect(
      messages(
        createSubmissionBodySchema.safeParse({
          project_id: crypto.randomUUID(),
          engineer_id: crypto.randomUUID(),
          title: trick,
          description: 'x',
          attachments: '/files/x.pdf',
        }),
      ),
    ).toContain(BIDI_MESSAGE);
  });
});

describe('revealBidiControls', () => {
  it('shows every hidden direction control by its code point, and leaves other text alone', () => {
    expect(revealBidiControls(trick)).toBe('⟨U+202E⟩evil⟨U+202C⟩gnp.exe');
    expect(revealBidiControls('a\u2066b\u200Fc\u061C')).toBe('a⟨U+2066⟩b⟨U+200F⟩c⟨U+061C⟩');
    expect(revealBidiControls('TX-PE-104233 — Zoë 🙂')).toBe('TX-PE-104233 — Zoë 🙂');
  });
});

describe('withoutFinalStop', () => {
  it('drops the stops and spaces at the end only', () => {
    expect(withoutFinalStop('Card declined. ')).toBe('Card declined');
    expect(withoutFinalStop('No such account...')).toBe('No such account');
    expect(withoutFinalStop('v1.2 failed')).toBe('v1.2 failed');
    expect(withoutFinalStop(' .\t')).toBe('');
    expect(withoutFinalStop(`${'\t'.repeat(100_000)}x\t`)).toHaveLength(100_001);
  });
});
