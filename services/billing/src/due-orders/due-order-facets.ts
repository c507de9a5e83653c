import { DUE_STATUS_LABELS, DUE_STATUSES } from '@cuota/contracts/billing/orders';
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  type EducationLevel,
} from '@cuota/contracts/enrolment/entities';
import type { FacetRow } from './due-facet-repository';

const sumBy = <K>(rows: FacetRow[], key: (r: FacetRow) => K) => {
  const totals = new Map<K, number>();
  for (const r of rows) totals.set(key(r), (totals.get(key(r)) ?? 0) + r.students);
  return totals;
};

/** The report's filters (spec order, only values that have students) and its totals. */
export function dueOrderFilters(rows: FacetRow[]) {
  const levels = sumBy(rows, (r) => r.level);
  const sections = new Map<string, { id: string; level: EducationLevel; students: number }>();
  for (const r of rows) {
    if (r.section_id === null) continue;
    const s = sections.get(r.section_id) ?? { id: r.section_id, level: r.level, students: 0 };
    s.students += r.students;
    sections.set(r.section_id, s);
  }
  const statuses = sumBy(rows, (r) => r.due_status);
  return {
    levels: EDUCATION_LEVELS.filter((l) => levels.has(l)).map((level) => ({
      level,
      label: EDUCATION_LEVEL_LABELS[level],
      students: levels.get(level)!,
    })),
    sections: [...sections.values()],
    due_statuses: DUE_STATUSES.map((status) => ({
      status,
      label: DUE_STATUS_LABELS[status],
      students: statuses.get(status) ?? 0,
    })),
    totals: {
      pending_centavos: rows.reduce((s, r) => s + r.pending, 0),
      overdue_centavos: rows.reduce((s, r) => s + r.overdue, 0),
    },
  };
}
