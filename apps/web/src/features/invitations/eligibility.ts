// Which of the client's open projects an engineer can be invited to: a project that asks for
// a licence type the engineer does not hold is shown, but cannot be chosen, and says why.

export type InviteChoice = { id: string; title: string; blockedBy: string | null };

export function inviteChoices(
  projects: { id: string; title: string; license_type: string | null }[],
  engineerLicenseTypes: readonly string[],
): InviteChoice[] {
  return projects.map((p) => ({
    id: p.id,
    title: p.title,
    blockedBy:
      p.license_type && !engineerLicenseTypes.includes(p.license_type)
        ? `needs a ${p.license_type} license`
        : null,
  }));
}
