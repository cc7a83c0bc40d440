import { describe, expect, it } from 'vitest';
import { formatBytes, projectOfSubmissionLink } from './format';

describe('submission display rules', () => {
  it('shows file sizes in B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(12 * 1024 + 300)).toBe('12 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25.0 MB');
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });

  it('reads the project of a submission notification link, and nothing else', () => {
    expect(projectOfSubmissionLink('/submissions/8d3c6f1e-2f1a-4c55-9a44-3c1b2a4d5e6f')).toBe(
      '8d3c6f1e-2f1a-4c55-9a44-3c1b2a4d5e6f',
    );
    expect(projectOfSubmissionLink('/submissions/abc?status=pending')).toBe('abc');
    expect(projectOfSubmissionLink('/project_details/abc')).toBeNull();
    expect(projectOfSubmissionLink('/x/submissions/abc')).toBeNull();
    expect(projectOfSubmissionLink(null)).toBeNull();
  });
});
