import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('submission display rules', () => {
  it('shows file sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12 * 1024 + 300)).toBe('12 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
