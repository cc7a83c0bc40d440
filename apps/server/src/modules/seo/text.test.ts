import { describe, expect, it } from 'vitest';
import { jsonForScript } from './pages.ts';
import { clip, slugify } from './text.ts';

describe('slugify', () => {
  it('keeps letters and digits of any script, lower case, accents dropped', () => {
    expect(slugify('José Núñez, P.E.', 'x')).toBe('jose-nunez-p-e');
    expect(slugify('Retaining wall — 40 ft (phase 2)', 'x')).toBe('retaining-wall-40-ft-phase-2');
    expect(slugify('מהנדס עמר', 'x')).toBe('מהנדס-עמר');
    expect(slugify('김민준', 'x')).toBe('김민준');
  });
  it('falls back when nothing is left, and keeps whole words up to the limit', () => {
    expect(slugify('👷‍♀️ 🏗️', 'engineer')).toBe('engineer');
    expect(slugify('', 'project')).toBe('project');
    expect(slugify('alpha beta gamma', 'x', 11)).toBe('alpha-beta');
    expect(slugify('x'.repeat(10_000), 'x')).toBe('x'.repeat(60));
  });
});

describe('clip', () => {
  it('collapses white space and cuts on whole characters with an ellipsis', () => {
    expect(clip('  a\n\n b  ', 10)).toBe('a b');
    expect(clip('abcdef', 4)).toBe('abc…');
    expect(clip('👷‍♀️👷‍♀️👷‍♀️👷‍♀️👷‍♀️', 3)).toBe('👷‍♀️👷‍♀️…');
  });
});

describe('jsonForScript', () => {
  it('cannot end its <script> element and still parses to the same value', () => {
    const value = { name: '</script><!-- & \u2028' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
