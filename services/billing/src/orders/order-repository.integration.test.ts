import { createDatabase } from '@cuota/service-runtime/db/database';
import { studentById } from '@cuota/student-directory/student-directory-repository';
import {
  GUARDIAN,
  SCHOOL,
  startBillingHarness,
  studentId,
  type BillingHarness,
} from '../test-support/billing-harness';
import * as schema from '../schema';
import { orderById, ordersOfGuardian, ordersOfStudent } from './order-repository';

let h: BillingHarness;
beforeAll(async () => {
  h = await startBillingHarness();
  await h.enrol({});
});
afterAll(() => h.dispose());

test('the hot reads run as named statements, parsed once per connection', async () => {
  // One connection, so its session's prepared statements are the ones these reads made.
  const db = createDatabase(h.database.url, schema, 1);
  try {
    for (let i = 0; i < 3; i++) {
      await studentById(db, studentId(1));
      await ordersOfStudent(db, studentId(1));
      await ordersOfGuardian(db, SCHOOL, GUARDIAN);
      await orderById(db, '00000000-0000-4000-8000-00000000abcd');
    }
    const { rows } = await db.$client.query<{ name: string }>(
      'SELECT name FROM pg_prepared_statements ORDER BY name',
    );
    expect(rows.map((r) => r.name)).toEqual([
      'billing_order_by_id',
      'billing_orders_of_guardian',
      'billing_orders_of_student',
      'student_directory_by_id',
    ]);
  } finally {
    await db.$client.end();
  }
});
