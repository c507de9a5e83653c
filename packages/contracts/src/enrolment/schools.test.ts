import fc from 'fast-check';
import { SCHOOL_STATUSES, type SchoolStatus } from '@cuota/contracts/enrolment/entities';
import {
  canMoveSchool,
  SCHOOL_STATUS_LABELS,
  SCHOOL_STATUS_TRANSITIONS,
} from '@cuota/contracts/enrolment/schools';

// Properties of the school status transitions (SCHOOL_STATUS_TRANSITIONS).

const status = fc.constantFrom(...SCHOOL_STATUSES);
/** Statuses a back office might ask for, one after another (refused ones change nothing). */
const requests = fc.array(status, { maxLength: 30 });

/** The statuses a school goes through, starting at `from`, as the requests are allowed. */
function walk(from: SchoolStatus, asked: SchoolStatus[]): SchoolStatus[] {
  const path = [from];
  for (const to of asked) if (to !== path.at(-1) && canMoveSchool(path.at(-1)!, to)) path.push(to);
  return path;
}

/** Shortest number of moves from one status to another (breadth first). */
function distance(from: SchoolStatus, to: SchoolStatus): number {
  let frontier = [from];
  const seen = new Set(frontier);
  for (let moves = 0; frontier.length; moves++) {
    if (frontier.includes(to)) return moves;
    frontier = frontier.flatMap((s) => SCHOOL_STATUS_TRANSITIONS[s].filter((n) => !seen.has(n)));
    frontier.forEach((s) => seen.add(s));
  }
  return Infinity;
}

test('the table names known statuses only, each once, never the status itself', () => {
  fc.assert(
    fc.property(status, (from) => {
      const targets = SCHOOL_STATUS_TRANSITIONS[from];
      expect(new Set(targets).size).toBe(targets.length);
      expect(targets).not.toContain(from);
      for (const to of targets) expect(SCHOOL_STATUSES).toContain(to);
      expect(SCHOOL_STATUS_LABELS[from]).toMatch(/\S/);
    }),
  );
});

test('staying is not a move: a status may always be sent again', () => {
  fc.assert(fc.property(status, (s) => canMoveSchool(s, s)));
});

test('a move is allowed exactly when the table lists it', () => {
  fc.assert(
    fc.property(status, status, (from, to) => {
      expect(canMoveSchool(from, to)).toBe(
        from === to || SCHOOL_STATUS_TRANSITIONS[from].includes(to),
      );
    }),
  );
});

test('no status is a dead end: every status reaches every other one', () => {
  fc.assert(fc.property(status, status, (from, to) => distance(from, to) < Infinity));
});

test('a school may leave (baja) from anywhere in one move', () => {
  fc.assert(fc.property(status, (from) => canMoveSchool(from, 'baja')));
});

test('after leaving, a school operates again only through onboarding', () => {
  fc.assert(
    fc.property(requests, (asked) => {
      const path = walk('baja', asked);
      const operating = path.indexOf('operando');
      if (operating >= 0) expect(path.slice(0, operating)).toContain('onboarding');
    }),
  );
  expect(distance('baja', 'operando')).toBe(2);
});

test('a paused school can only resume operating or leave', () => {
  fc.assert(
    fc.property(requests, (asked) => {
      const path = walk('operando', asked);
      path.forEach((s, i) => {
        if (s === 'paused' && i + 1 < path.length)
          expect(['operando', 'baja']).toContain(path[i + 1]);
      });
    }),
  );
});
