/**
 * A guardian deleted in enrolment is forgotten here too: the copy keeps no name, e-mail,
 * phone or school, so no reminder can reach them.
 */
import { guardianDeletedV1 } from '@cuota/contracts/events/enrolment.guardian.deleted.v1';
import { SCHOOL_ID, useNotificationsTestSystem } from '../test-support/notifications-test-system';

jest.setTimeout(60_000);

const system = useNotificationsTestSystem();

test('guardian.deleted leaves a tombstone with nothing of the guardian', async () => {
  const family = await system.family(1, '55 1234 5678');
  const id = await system.publish(guardianDeletedV1, {
    guardian_id: family.guardianId,
    school_ids: [SCHOOL_ID],
  });
  await system.consumed(id);

  const rows = await system.underTest.query(
    `SELECT school_ids, first_name, last_name, email, phone
       FROM guardians WHERE guardian_id = $1`,
    [family.guardianId],
  );
  expect(rows).toEqual([
    { school_ids: [], first_name: '', last_name: '', email: null, phone: null },
  ]);
});
