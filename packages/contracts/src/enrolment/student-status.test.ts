import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { STUDENT_STATUSES, type StudentStatus } from '@cuota/contracts/enrolment/entities';
import {
  allowedTransitions,
  canTransition,
  changeStudentStatusSchema,
  STATUSES_NEEDING_REASON,
  STUDENT_STATUS_LABELS,
  transitionRefusal,
} from './student-status';

/**
 * The transition table as ADR 0008 prints it (its markdown table, read from the document),
 * so the code is checked against the decision, not against itself.
 */
function adrTransitions(): Set<string> {
  const adr = readFileSync(
    path.resolve(__dirname, '../../../../docs/adr/0008-student-status-transitions.md'),
    'utf8',
  );
  const cells = (line: string) =>
    line
      .split('|')
      .slice(1, -1)
      .map((c) => c.replace(/\*/g, '').trim());
  const lines = adr.split('\n').filter((l) => l.startsWith('|'));
  const targets = cells(lines[0]!).slice(1);
  const edges = new Set<string>();
  for (const line of lines.slice(2)) {
    const [from, ...marks] = cells(line);
    marks.forEach((mark, i) => mark === '✓' && edges.add(`${from}>${targets[i]}`));
  }
  return edges;
}
const ADR = adrTransitions();
const allowedByAdr = (from: StudentStatus, to: StudentStatus) => ADR.has(`${from}>${to}`);

const status = fc.constantFrom(...STUDENT_STATUSES);
/** A student's life as a list of attempted moves from a first status. */
const attempts = fc.tuple(status, fc.array(status, { maxLength: 12 }));

test('the ADR table is read: every status is a row and a column, with its moves', () => {
  expect(ADR.size).toBe(10);
  for (const s of STUDENT_STATUSES)
    expect([...ADR].some((e) => e.startsWith(`${s}>`) || e.endsWith(`>${s}`))).toBe(true);
});

test('a move is accepted exactly when the ADR table allows it', () => {
  fc.assert(
    fc.property(status, status, (from, to) => {
      expect(canTransition(from, to)).toBe(allowedByAdr(from, to));
      expect(allowedTransitions(from).includes(to)).toBe(allowedByAdr(from, to));
    }),
  );
});

test('a path is accepted when each step is in the table, refused at its first step that is not', () => {
  fc.assert(
    fc.property(attempts, ([first, rest]) => {
      const path = [first, ...rest];
      const firstRefused = path.findIndex((s, i) => i > 0 && !allowedByAdr(path[i - 1]!, s));
      const refusedByCode = path.findIndex((s, i) => i > 0 && !canTransition(path[i - 1]!, s));
      expect(refusedByCode).toBe(firstRefused);
    }),
  );
});

test('a terminal status stays terminal, whatever is attempted', () => {
  const terminal = STUDENT_STATUSES.filter((s) => allowedTransitions(s).length === 0);
  expect(terminal).toEqual(['graduated']);
  fc.assert(
    fc.property(fc.constantFrom(...terminal), fc.array(status), (start, tries) => {
      const end = tries.reduce((at, to) => (canTransition(at, to) ? to : at), start);
      expect(end).toBe(start);
    }),
  );
});

test('nobody goes back to lead, and no move stays where it is', () => {
  fc.assert(
    fc.property(status, (from) => {
      expect(canTransition(from, 'lead')).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }),
  );
});

test('following only allowed moves from a lead never gets stuck before graduating', () => {
  // Every status a lead can reach has a way on, except graduated (ADR: the only end).
  fc.assert(
    fc.property(fc.array(fc.nat(), { maxLength: 20 }), (choices) => {
      let at: StudentStatus = 'lead';
      for (const n of choices) {
        const next = allowedTransitions(at);
        if (!next.length) break;
        at = next[n % next.length]!;
      }
      expect(at === 'graduated' || allowedTransitions(at).length > 0).toBe(true);
    }),
  );
});

test('a refused move says so in Spanish, naming both statuses', () => {
  fc.assert(
    fc.property(status, status, (from, to) => {
      fc.pre(!canTransition(from, to));
      const message = transitionRefusal(from, to);
      const target = STUDENT_STATUS_LABELS[to].toLowerCase();
      if (from === to) expect(message).toBe(`El alumno ya está en ${target}.`);
      else expect(message).toMatch(new RegExp(`^Un .+ no puede pasar a ${target}\\.$`));
      // Each starting status has its own wording.
      const others = STUDENT_STATUSES.filter((s) => s !== from && s !== to);
      for (const other of others)
        if (!canTransition(other, to)) expect(transitionRefusal(other, to)).not.toBe(message);
    }),
  );
});

test('a move needs a reason exactly when the student leaves (inactive, dropped out)', () => {
  fc.assert(
    fc.property(status, fc.option(fc.string({ maxLength: 40 }), { nil: undefined }), (to, r) => {
      const parsed = changeStudentStatusSchema.safeParse({ status: to, reason: r });
      const written = (r ?? '').trim().length > 0;
      expect(parsed.success).toBe(!STATUSES_NEEDING_REASON.includes(to) || written);
    }),
  );
});
