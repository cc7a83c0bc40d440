import { TICKET_STATUSES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { statusClass } from './badges';

describe('ticket status colours', () => {
  it('gives each status its own colour, open green', () => {
    const colours = TICKET_STATUSES.map((s) => statusClass(s).match(/bg-(\w+)-/)?.[1]);
    expect(new Set(colours).size).toBe(TICKET_STATUSES.length);
    expect(statusClass('open')).toContain('green');
    expect(statusClass('closed')).not.toContain('red');
  });
});
