import pg from 'pg';
import type { SystemUnderTest } from './system-under-test';

/** The gateway ticket of the payin a SPEI or cash reference names, as payments keeps it. */
export async function ticketOfReference(system: SystemUnderTest, reference: string) {
  const { postgresUrl, databasePrefix } = system.profile;
  const client = new pg.Client({ connectionString: `${postgresUrl}/${databasePrefix}_payments` });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT ticket_number FROM payins WHERE payment_reference = $1',
      [reference],
    );
    return rows[0].ticket_number as string;
  } finally {
    await client.end();
  }
}

/** The buyer pays the reference at its bank or store: the gateway sandbox notifies payments. */
export async function payReferenceAtGateway(system: SystemUnderTest, reference: string) {
  const ticket = await ticketOfReference(system, reference);
  return fetch(new URL(`_sandbox/payins/${ticket}/pay`, system.urls.gateway), { method: 'POST' });
}
