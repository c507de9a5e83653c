import { randomUUID } from 'node:crypto';
import { guardianNamesRequest } from '@cuota/contracts/enrolment/guardian-names';
import { requestReply } from '@cuota/messaging/request-reply';
import { startEnrolmentHarness, type EnrolmentHarness } from '../test-support/enrolment-harness';

jest.setTimeout(60_000);

/**
 * Enrolment answers billing's backfill (ADR 0095) with the names of the guardians it knows,
 * as of their last change: the demo school's guardians, on real NATS.
 */
let h: EnrolmentHarness;

beforeAll(async () => {
  h = await startEnrolmentHarness('enrolment_guardian_names');
}, 90_000);
afterAll(() => h?.stop());

const ask = (guardian_ids: string[]) =>
  requestReply(h.service.nc, h.service.ns, guardianNamesRequest, { guardian_ids });

test('the names of the guardians it knows, dated by their last change; others left out', async () => {
  const stored = await h.query<{ id: string; first_name: string; last_name: string; at: Date }>(
    `SELECT g.id, g.first_name, g.last_name, g.updated_at AS at FROM guardians g
       JOIN guardian_schools gs ON gs.guardian_id = g.id
      WHERE gs.school_id = $1 ORDER BY g.id LIMIT 3`,
    [h.demo.school_id],
  );
  expect(stored).toHaveLength(3);
  const { guardians } = await ask([...stored.map((g) => g.id), randomUUID(), 'tutor-3']);
  expect(guardians.sort((a, b) => a.guardian_id.localeCompare(b.guardian_id))).toEqual(
    stored.map((g) => ({
      guardian_id: g.id,
      first_name: g.first_name,
      last_name: g.last_name,
      updated_at: g.at.toISOString(),
    })),
  );
  expect(await ask(['tutor-3'])).toEqual({ guardians: [] });
});

test('more ids than one question may carry is refused, not half answered', async () => {
  const many = Array.from({ length: 501 }, () => randomUUID());
  await expect(ask(many)).rejects.toThrow();
});
