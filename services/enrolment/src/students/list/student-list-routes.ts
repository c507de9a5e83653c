import type { Express } from 'express';
import {
  dashboardStudentsQuerySchema,
  studentExportQuerySchema,
  studentsByLevelQuerySchema,
} from '@cuota/contracts/enrolment/student-list';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requirePermission } from '../../access';
import type * as schema from '../../schema';
import { streamStudentWorkbook } from './student-export';
import { studentFilterOptions } from './student-filter-options';
import { listSchoolStudents } from './student-list';

/**
 * The dashboard's students lists (one query, docs/architecture.md "Enrolment endpoints"):
 * students_by_level (spec, v2) and its filters, the dashboard students rows (v1, same
 * filters) and the Excel export (our extension). Staff with students.read.
 */
export function studentListRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  const schoolPage = (path: string) =>
    app.get(path, async (req, res) => {
      const schoolId = parseId(req.params.id as string);
      requirePermission(res, schoolId, 'students.read');
      const query = parseInput(studentsByLevelQuerySchema, req.query, 'query');
      res.json(await listSchoolStudents(db, schoolId, query));
    });
  schoolPage('/api/v2/dashboard/schools/:id/students_by_level/');
  schoolPage('/api/v1/dashboard/schools/:id/students/');

  app.get('/api/v1/dashboard/students/', async (req, res) => {
    const { school_id, ...query } = parseInput(dashboardStudentsQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'students.read');
    res.json(await listSchoolStudents(db, school_id, query));
  });

  app.get('/api/v2/dashboard/schools/:id/students_by_level/filters/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'students.read');
    res.json(await studentFilterOptions(db, schoolId));
  });

  app.get('/api/v2/dashboard/schools/:id/students_by_level/xlsx/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'students.read');
    const query = parseInput(studentExportQuerySchema, req.query, 'query');
    await streamStudentWorkbook(db, res, schoolId, query);
  });
}
