// Account rows -> the answers' shapes (docs/DEVELOPING.md, 'Who may do what'). Only the
// SSN's last four digits ever leave the server.
import type { ClientAccountDto, EngineerAccountDto } from '@app/shared';
import type { ClientAccountRow, EngineerAccountRow } from '../../db/schema/index.ts';

export function presentEngineerAccount(row: EngineerAccountRow): EngineerAccountDto {
  return {
    id: row.id,
    user_id: row.userId,
    phone_number: row.phoneNumber,
    ssn_last4: row.ssnLast4,
    country: row.country,
    state: row.state,
    specializations: row.specializations,
    highest_education: row.highestEducation,
    years_of_experience: row.yearsOfExperience,
    portfolio: row.portfolio,
    hours_rate: row.hoursRate,
    availability: row.availability,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentClientAccount(row: ClientAccountRow): ClientAccountDto {
  return {
    id: row.id,
    user_id: row.userId,
    phone_number: row.phoneNumber,
    company_name: row.companyName,
    company_website: row.companyWebsite,
    country: row.country,
    state: row.state,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
