import { describe, expect, it } from 'vitest';
import type { Actor } from '../../lib/policy.ts';
import {
  canApplyToProject,
  canEditProject,
  canListClientProjects,
  canListEngineerProjects,
  canPostProjectAs,
  isProjectOwner,
} from './projects.policy.ts';

const client: Actor = { id: 'c1', role: 'client' };
const engineer: Actor = { id: 'e1', role: 'engineer' };
const admin: Actor = { id: 'a1', role: 'admin' };

describe('projects policy', () => {
  it('lets clients post only as themselves', () => {
    expect(canPostProjectAs(client, 'c1')).toBe(true);
    expect(canPostProjectAs(client, 'c2')).toBe(false);
    expect(canPostProjectAs(engineer, 'e1')).toBe(false);
    expect(canPostProjectAs(admin, 'a1')).toBe(false);
  });
  it('lets the owner edit while the project is open, nobody else', () => {
    expect(isProjectOwner(client, { customerId: 'c1' })).toBe(true);
    expect(canEditProject(client, { customerId: 'c1', status: 'open' })).toBe(true);
    expect(canEditProject(client, { customerId: 'c1', status: 'assigned' })).toBe(false);
    expect(canEditProject(admin, { customerId: 'c1', status: 'open' })).toBe(false);
  });
  it('lets engineers apply to open projects only', () => {
    expect(canApplyToProject(engineer, { customerId: 'c1', status: 'open' })).toBe(true);
    expect(canApplyToProject(engineer, { customerId: 'c1', status: 'assigned' })).toBe(false);
    expect(canApplyToProject(client, { customerId: 'c1', status: 'open' })).toBe(false);
    expect(canApplyToProject(admin, { customerId: 'c1', status: 'open' })).toBe(false);
  });
  it('shows each list to its own user only', () => {
    expect(canListClientProjects(client, 'c1')).toBe(true);
    expect(canListClientProjects(client, 'c2')).toBe(false);
    expect(canListEngineerProjects(engineer, 'e1')).toBe(true);
    expect(canListEngineerProjects(client, 'c1')).toBe(false);
  });
});
