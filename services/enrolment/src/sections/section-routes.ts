import type { Express, Response } from 'express';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  bulkDeleteSectionsSchema,
  createSectionSchema,
  schoolQuerySchema,
  sectionFormBatchSchema,
  sectionFormSchema,
  sectionQuerySchema,
  updateSectionSchema,
  type SectionFormData,
} from '@cuota/contracts/enrolment/levels';
import type { ServiceContext } from '@cuota/service-host/service-host';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { parseInput } from '@cuota/service-runtime/http/validate';
import { parseId, requirePermission } from '../access';
import type { EnrolmentDb } from '../enrolment-db';
import { levelsWithSections } from '../levels/level-queries';
import type * as schema from '../schema';
import { requireSchoolReader } from '../schools/school-access';
import {
  bulkDeleteSections,
  createSection,
  createSectionsFromForm,
  deleteSection,
  fromForm,
  UNKNOWN_SECTION,
  updateSection,
} from './section-commands';
import { sectionById, sectionsByIds, sectionsOfSchool } from './section-queries';

const AC = '/academic-coordinator/sections/';

/** Sections (grupos): school reads plus the academic coordinator's CRUD and form. */
export function sectionRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  /** The section picker (store, portal): anyone while the school is public; active levels. */
  app.get('/api/v1/schools/:id/sections/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    await requireSchoolReader(db, res, schoolId, { visitors: true });
    const query = parseInput(sectionQuerySchema, req.query, 'query');
    res.json(await sectionsOfSchool(db, schoolId, query, { activeLevelsOnly: true }));
  });

  app.get('/api/v1/dashboard/schools/:id/sections/', async (req, res) => {
    const schoolId = parseId(req.params.id);
    requirePermission(res, schoolId, 'school.read');
    const query = parseInput(sectionQuerySchema, req.query, 'query');
    res.json(await sectionsOfSchool(db, schoolId, query));
  });

  app.get(`${AC}list_by_school/`, async (req, res) => {
    const { school_id } = parseInput(schoolQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'school.read');
    res.json(await sectionsOfSchool(db, school_id));
  });

  app.get(`${AC}form_data/`, async (req, res) => {
    const { school_id } = parseInput(schoolQuerySchema, req.query, 'query');
    requirePermission(res, school_id, 'school.read');
    res.json(await formData(db, school_id));
  });

  app.post(AC, async (req, res) => {
    const input = parseInput(createSectionSchema, req.body);
    requirePermission(res, input.school_id, 'levels.write');
    const id = await db.transaction((tx) => createSection(tx, input));
    res.status(201).json(await sectionById(db, id));
  });

  /** The form submitted: several groups of one grade ("A, B, C"), all created or none. */
  app.post(`${AC}form_data/`, async (req, res) => {
    const batch = parseInput(sectionFormBatchSchema, req.body);
    requirePermission(res, batch.school_id, 'levels.write');
    const ids = await db.transaction((tx) => createSectionsFromForm(tx, batch));
    res.status(201).json(await sectionsByIds(db, batch.school_id, ids));
  });

  app.post(`${AC}bulk_delete/`, async (req, res) => {
    const input = parseInput(bulkDeleteSectionsSchema, req.body);
    requirePermission(res, input.school_id, 'levels.write');
    await db.transaction((tx) => bulkDeleteSections(tx, input.school_id, input.section_ids));
    res.json({ deleted: [...new Set(input.section_ids)].length });
  });

  app.put(`${AC}:id/`, async (req, res) => {
    const section = await writableSection(res, req.params.id);
    const input = parseInput(updateSectionSchema, req.body);
    await db.transaction((tx) => updateSection(tx, section, input));
    res.json(await sectionById(db, section.id));
  });

  app.put(`${AC}:id/update_from_form/`, async (req, res) => {
    const section = await writableSection(res, req.params.id);
    const form = parseInput(sectionFormSchema, req.body);
    await db.transaction((tx) => updateSection(tx, section, fromForm(form)));
    res.json(await sectionById(db, section.id));
  });

  app.delete(`${AC}:id/`, async (req, res) => {
    const section = await writableSection(res, req.params.id);
    await db.transaction((tx) => deleteSection(tx, section));
    res.status(204).end();
  });

  /** A section whose school the caller may change (another school's: 404). */
  async function writableSection(res: Response, id: string | undefined) {
    const section = await sectionById(db, parseId(id));
    if (!section) throw notFound(UNKNOWN_SECTION);
    requirePermission(res, section.school_id, 'levels.write', UNKNOWN_SECTION);
    return section;
  }
}

/** What the section form needs: offered levels with grades and sections, and all five. */
async function formData(db: EnrolmentDb, schoolId: string): Promise<SectionFormData> {
  const offered = await levelsWithSections(db, schoolId);
  return {
    levels: offered.map(({ id, level, name, grades, sections }) => ({
      id,
      level,
      name,
      grades,
      sections,
    })),
    education_levels: EDUCATION_LEVELS.map((level) => ({
      level,
      label: EDUCATION_LEVEL_LABELS[level],
      offered: offered.some((l) => l.level === level),
    })),
  };
}
