import type { Express } from 'express';
import {
  createLeadSchema,
  inscribeApplicantSchema,
  inscriptionsQuerySchema,
  promoteLeadSchema,
} from '@cuota/contracts/enrolment/admissions';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { changeStudentStatus } from '../students/status/change-student-status';
import { parseId, requirePermission } from '../access';
import type * as schema from '../schema';
import { requireInAdmission, studentFor, UNKNOWN_STUDENT } from './admission-access';
import { admissionStudent, inscriptionsBoard, studentInscriptions } from './admission-directory';
import { inscribeApplicant } from './inscribe-applicant';
import { createLead, deleteAdmissionStudent } from './lead-commands';
import { refuseDuplicateStudent } from './unique-violation';

/** Leads and applicants: create, read, move along the pipeline, delete, and the board. */
export function leadRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;
  const answer = async (id: string) => {
    const lead = await admissionStudent(db, id);
    if (!lead) throw notFound(UNKNOWN_STUDENT);
    return lead;
  };

  app.post('/api/v1/admissions/create_lead/', async (req, res) => {
    const input = parseInput(createLeadSchema, req.body);
    const staff = requirePermission(res, input.school_id, 'admissions.write');
    const id = await refuseDuplicateStudent(() =>
      db.transaction((tx) => createLead(tx, input, staff.user_id)),
    );
    res.status(201).json(await answer(id));
  });

  app.get('/api/v1/admissions/student_lead/:id/', async (req, res) => {
    const { student } = await studentFor(db, res, parseId(req.params.id), 'admissions.read');
    res.json(await answer(student.id));
  });

  /** Our extension: the lead applies (lead → new_student, "Aspirante"). */
  app.post('/api/v1/admissions/student_lead/:id/applicant/', async (req, res) => {
    const { student, staff } = await studentFor(
      db,
      res,
      parseId(req.params.id),
      'admissions.write',
    );
    const body = parseInput(promoteLeadSchema, req.body);
    await db.transaction((tx) =>
      changeStudentStatus(tx, {
        studentId: student.id,
        to: 'new_student',
        reason: body.reason ?? null,
        changedBy: staff.user_id,
      }),
    );
    res.json(await answer(student.id));
  });

  /** Our extension: "Inscribir" (new_student → active), rule in inscribe-applicant.ts. */
  app.post('/api/v1/admissions/student_lead/:id/inscribe/', async (req, res) => {
    const { student, staff } = await studentFor(
      db,
      res,
      parseId(req.params.id),
      'admissions.write',
    );
    const body = parseInput(inscribeApplicantSchema, req.body);
    const result = await inscribeApplicant(ctx, student, body, staff.user_id);
    res.json({ ...(await answer(student.id)), ...result });
  });

  app.delete('/api/v1/admissions/delete_student/:id/', async (req, res) => {
    const { student } = await studentFor(db, res, parseId(req.params.id), 'admissions.write');
    requireInAdmission(student);
    await db.transaction((tx) => deleteAdmissionStudent(tx, student));
    res.status(204).end();
  });

  app.get('/api/v1/dashboard/schools/:id/inscriptions/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'admissions.read');
    const query = parseInput(inscriptionsQuerySchema, req.query, 'query');
    res.json(await inscriptionsBoard(db, schoolId, query));
  });

  /** Part of the student's record (students.read), as the BFF's route table classifies it. */
  app.get('/academic-coordinator/students/:id/inscriptions/', async (req, res) => {
    const { student } = await studentFor(db, res, parseId(req.params.id), 'students.read');
    res.json(await studentInscriptions(db, student.id, student.status));
  });
}
