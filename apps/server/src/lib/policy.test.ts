import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { authorize } from './policy.ts';

describe('authorize', () => {
  it('lets an allowed action through', () => {
    expect(() => authorize(true, 'nope')).not.toThrow();
  });
  it('answers 403 with the message otherwise', () => {
    try {
      authorize(false, 'Only the project owner can do that.');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).status).toBe(403);
      expect((e as AppError).message).toBe('Only the project owner can do that.');
    }
  });
});
