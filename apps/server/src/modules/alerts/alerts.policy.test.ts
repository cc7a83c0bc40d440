import { expect, it } from 'vitest';
import { canKeepAlerts } from './alerts.policy.ts';

it('lets engineers keep alerts and nobody else', () => {
  expect(canKeepAlerts({ id: 'a', role: 'engineer' })).toBe(true);
  expect(canKeepAlerts({ id: 'a', role: 'client' })).toBe(false);
  expect(canKeepAlerts({ id: 'a', role: 'admin' })).toBe(false);
});
