import { describe, expect, it } from 'vitest';
import { acceptFor, chosenFileProblem, FILE_MESSAGES, MAX_DOCUMENT_BYTES, MAX_IMAGE_BYTES } from './files.ts';

describe('files chosen in the browser', () => {
  it('accepts what the kind takes, by content type', () => {
    expect(acceptFor('avatar')).toBe('image/png,image/jpeg,image/webp,image/gif');
    expect(acceptFor('license_proof')).toBe('application/pdf,image/png,image/jpeg,image/webp,image/gif');
    expect(acceptFor('deliverable')).toBe('application/pdf');
  });
  it('refuses another format in the words the server uses', () => {
    expect(chosenFileProblem('avatar', { type: 'application/pdf', size: 10 })).toBe(
      FILE_MESSAGES.wrongFormat('avatar'),
    );
    expect(chosenFileProblem('license_proof', { type: 'application/zip', size: 10 })).toBe(
      FILE_MESSAGES.wrongFormat('license_proof'),
    );
    expect(chosenFileProblem('avatar', { type: '', size: 10 })).toBe(FILE_MESSAGES.wrongFormat('avatar'));
  });
  it('holds images to 5 MB and documents to 25 MB', () => {
    expect(chosenFileProblem('avatar', { type: 'image/png', size: MAX_IMAGE_BYTES })).toBeNull();
    expect(chosenFileProblem('avatar', { type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(
      FILE_MESSAGES.imageTooLarge,
    );
    expect(chosenFileProblem('license_proof', { type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe(
      FILE_MESSAGES.imageTooLarge,
    );
    expect(
      chosenFileProblem('license_proof', { type: 'application/pdf', size: MAX_DOCUMENT_BYTES }),
    ).toBeNull();
    expect(chosenFileProblem('deliverable', { type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe(
      FILE_MESSAGES.fileTooLarge,
    );
  });
});
