import type { EnrolmentHarness, Json } from './enrolment-harness';

/** What a test names of a lead; the demo school and primaria fill the rest. */
export interface LeadInput {
  first_name: string;
  last_name: string;
  /** New guardians, each with the lead's last name unless given. */
  guardians?: { first_name: string; relationship: string; last_name?: string }[];
  /** Guardians the school already has (a sibling's). */
  guardian_ids?: string[];
}

/** A lead created as admissions' form creates it; the answer's body (with its guardians). */
export async function createLead(h: EnrolmentHarness, lead: LeadInput): Promise<Json> {
  const guardians = lead.guardians?.map((g) => ({ last_name: lead.last_name, ...g }));
  const created = await h.call(h.staff('ADMISSIONS'), '/api/v1/admissions/create_lead/', {
    method: 'POST',
    json: { school_id: h.demo.school_id, level: 'elementary', ...lead, guardians },
  });
  if (created.status !== 201) throw new Error(`create_lead: ${created.status} ${created.text}`);
  return created.body;
}
