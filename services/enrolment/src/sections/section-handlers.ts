import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  bulkDeleteSections as bulkDeleteEndpoint,
  createSection as createEndpoint,
  createSectionsFromForm as createFromFormEndpoint,
  deleteSection,
  listSchoolSections,
  listSectionsBySchool,
  listStaffSections,
  replaceSection,
  sectionFormData,
  updateSectionFromForm,
} from '@cuota/contracts/enrolment/endpoints/sections';
import type { SectionFormData } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { implement, type Call } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import type { EnrolmentContext } from '../enrolment-db';
import { levelsWithSections } from '../levels/levels-with-sections';
import { authorizeSchoolRead } from '../schools/school-access';
import { bulkDeleteSections } from './bulk-delete-sections';
import { createSection } from './create-section';
import { createSectionsFromForm } from './create-sections-from-form';
import { updateSection } from './update-section';
import { sectionById, sectionsByIds, sectionsOfSchool } from './section-repository';
import { fromForm, UNKNOWN_SECTION } from './section-rules';

/** Sections (grupos): school reads plus the academic coordinator's CRUD and form. */
export function sectionHandlers({ db }: EnrolmentContext) {
  /** A section whose school the caller may change (another school's: 404). */
  async function writableSection(call: Call<AnyEndpoint>, id: string) {
    const section = await sectionById(db, id);
    if (!section) throw notFound(UNKNOWN_SECTION);
    call.requireStaffOf(section.school_id, UNKNOWN_SECTION);
    return section;
  }

  return [
    implement(listSchoolSections, async (call) => {
      await authorizeSchoolRead(db, call, call.params.id, { visitors: true });
      return sectionsOfSchool(db, call.params.id, call.query, { activeLevelsOnly: true });
    }),

    implement(listStaffSections, ({ params, query }) => sectionsOfSchool(db, params.id, query)),

    implement(listSectionsBySchool, ({ query }) => sectionsOfSchool(db, query.school_id)),

    implement(sectionFormData, ({ query }) => formData(db, query.school_id)),

    implement(createEndpoint, ({ body, once }) =>
      once(async (tx) => (await sectionById(tx, await createSection(tx, body)))!),
    ),

    /** The form submitted: several groups of one grade ("A, B, C"), all created or none. */
    implement(createFromFormEndpoint, ({ body, once }) =>
      once(async (tx) => sectionsByIds(tx, body.school_id, await createSectionsFromForm(tx, body))),
    ),

    implement(bulkDeleteEndpoint, async ({ body }) => {
      await db.transaction((tx) => bulkDeleteSections(tx, body.school_id, body.section_ids));
      return { deleted: new Set(body.section_ids).size };
    }),

    implement(replaceSection, async (call) => {
      const section = await writableSection(call, call.params.id);
      await db.transaction((tx) => updateSection(tx, section, call.body));
      return (await sectionById(db, section.id))!;
    }),

    implement(updateSectionFromForm, async (call) => {
      const section = await writableSection(call, call.params.id);
      await db.transaction((tx) => updateSection(tx, section, fromForm(call.body)));
      return (await sectionById(db, section.id))!;
    }),

    implement(deleteSection, async (call) => {
      const section = await writableSection(call, call.params.id);
      await db.transaction((tx) => bulkDeleteSections(tx, section.school_id, [section.id]));
    }),
  ];
}

/** What the section form needs: offered levels with grades and sections, and all five. */
async function formData(db: Executor, schoolId: string): Promise<SectionFormData> {
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
