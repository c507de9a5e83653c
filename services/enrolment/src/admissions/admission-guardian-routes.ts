import type { Express } from 'express';
import { z } from 'zod';
import {
  createAdmissionGuardianSchema,
  linkGuardianSchema,
  updateAdmissionGuardianSchema,
} from '@cuota/contracts/enrolment/admissions';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { parseId, requirePermission } from '../access';
import { registerGuardian } from '../guardians/register-guardian';
import type * as schema from '../schema';
import {
  guardianSchoolFor,
  requireInAdmission,
  studentFor,
  UNKNOWN_GUARDIAN,
  UNKNOWN_STUDENT,
} from './admission-access';
import { admissionGuardian } from './admission-directory';
import {
  deleteAdmissionGuardian,
  joinSchool,
  linkGuardian,
  updateGuardianContact,
} from './admission-guardians';

const deleteGuardianQuery = z.object({ student_id: z.uuid('Elige un alumno válido.').optional() });

/** Guardians in admissions: created with (or for) a lead, linked, corrected, removed. */
export function admissionGuardianRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;
  const answer = async (guardianId: string, schoolId: string) => {
    const guardian = await admissionGuardian(db, guardianId, schoolId);
    if (!guardian) throw notFound(UNKNOWN_GUARDIAN);
    return guardian;
  };
  /** A lead named in a body: same school as the guardian, still in admissions. */
  const leadOf = async (
    res: Parameters<typeof studentFor>[1],
    studentId: string,
    schoolId: string,
  ) => {
    const { student } = await studentFor(db, res, studentId, 'admissions.write');
    if (student.schoolId !== schoolId) throw notFound(UNKNOWN_STUDENT);
    requireInAdmission(student);
    return student;
  };

  app.post('/api/v1/admissions/create_guardian/', async (req, res) => {
    const input = parseInput(createAdmissionGuardianSchema, req.body);
    requirePermission(res, input.school_id, 'admissions.write');
    const lead = input.student_id ? await leadOf(res, input.student_id, input.school_id) : null;
    const id = await db.transaction(async (tx) => {
      const guardianId = await registerGuardian(tx, input);
      if (lead) await linkGuardian(tx, guardianId, lead.id, input.relationship);
      return guardianId;
    });
    res.status(201).json(await answer(id, input.school_id));
  });

  app.get('/api/v1/admissions/guardian/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const { schoolId } = await guardianSchoolFor(db, res, id, 'admissions.read');
    res.json(await answer(id, schoolId));
  });

  app.post('/api/v1/admissions/link_guardian/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const { schoolId } = await guardianSchoolFor(db, res, id, 'admissions.write');
    const input = parseInput(linkGuardianSchema, req.body);
    const lead = await leadOf(res, input.student_id, schoolId);
    await db.transaction(async (tx) => {
      await joinSchool(tx, id, lead.schoolId);
      await linkGuardian(tx, id, lead.id, input.relationship);
    });
    res.json(await answer(id, schoolId));
  });

  app.put('/api/v1/admissions/update_guardian/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const { schoolId } = await guardianSchoolFor(db, res, id, 'admissions.write');
    const input = parseInput(updateAdmissionGuardianSchema, req.body);
    await db.transaction((tx) => updateGuardianContact(tx, id, input));
    res.json(await answer(id, schoolId));
  });

  app.delete('/api/v1/admissions/delete_guardian/:id/', async (req, res) => {
    const id = parseId(req.params.id);
    const { schoolId } = await guardianSchoolFor(db, res, id, 'admissions.write');
    const { student_id } = parseInput(deleteGuardianQuery, req.query, 'query');
    const lead = student_id ? await leadOf(res, student_id, schoolId) : null;
    await db.transaction((tx) => deleteAdmissionGuardian(tx, id, lead?.id ?? null));
    res.status(204).end();
  });
}
