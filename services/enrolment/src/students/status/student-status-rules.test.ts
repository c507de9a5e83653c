import fc from 'fast-check';
import { STUDENT_STATUSES } from '@cuota/contracts/enrolment/entities';
import {
  canTransition,
  STATUSES_NEEDING_REASON,
  transitionRefusal,
} from '@cuota/contracts/enrolment/student-status';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { statusMove } from './student-status-rules';

const status = fc.constantFrom(...STUDENT_STATUSES);
const change = fc.record({
  studentId: fc.uuid(),
  to: status,
  reason: fc.option(fc.string({ minLength: 1, maxLength: 30 })),
  changedBy: fc.option(fc.uuid()),
});

test('a move the table refuses is a 409 naming both statuses', () => {
  fc.assert(
    fc.property(status, change, (from, c) => {
      fc.pre(!canTransition(from, c.to));
      let refusal: unknown;
      try {
        statusMove(from, c);
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ status: 409, message: transitionRefusal(from, c.to) });
    }),
  );
});

test('an allowed move keeps a departure reason on the student, and every reason in history', () => {
  fc.assert(
    fc.property(status, change, (from, c) => {
      fc.pre(canTransition(from, c.to));
      const leaving = STATUSES_NEEDING_REASON.includes(c.to);
      expect(statusMove(from, c)).toEqual({
        studentId: c.studentId,
        from,
        to: c.to,
        statusReason: leaving ? c.reason : null,
        reason: c.reason,
        changedBy: c.changedBy,
      });
    }),
  );
});
