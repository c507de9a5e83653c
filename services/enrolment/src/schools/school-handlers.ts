import {
  configureSchool,
  getEmbedOrigins,
  getSchool,
  getSchoolLogo,
  getSchoolPublicFace,
  listEmbedOrigins,
  listSchoolAttributes,
  listSchools,
  replaceEmbedOrigins as replaceEmbedOriginsEndpoint,
  updateSchool as updateSchoolEndpoint,
} from '@cuota/contracts/enrolment/endpoints/schools';
import { membershipMayCall } from '@cuota/contracts/access/access';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { EnrolmentContext } from '../enrolment-db';
import { staffCaller } from '../staff/staff-caller';
import { imageReply } from '../uploads/image-reply';
import { imageById } from '../uploads/uploaded-image-repository';
import { embedOriginsOf, replaceEmbedOrigins } from './embed-origin-repository';
import { readSchoolForm, uploadedLogo } from './logo-upload';
import { authorizeSchoolRead } from './school-access';
import { attributesOf } from './school-attribute-repository';
import { schoolDetail, schoolPublicFace } from './school-profile';
import { listSchools as schoolsPage, logoImageOf } from './school-repository';
import { updateSchool } from './update-school';
import { updateSchoolConfig } from './update-school-config';

const NO_LOGO = 'Esta escuela aún no tiene logo.';

/** A school's profile, logo, settings and flags, and the operators' list of schools. */
export function schoolHandlers({ db }: EnrolmentContext) {
  return [
    implement(getSchool, async (call) => {
      await authorizeSchoolRead(db, call, call.params.id);
      return schoolDetail(db, call.params.id);
    }),

    implement(getSchoolPublicFace, async (call) => {
      await authorizeSchoolRead(db, call, call.params.id, { visitors: true });
      return schoolPublicFace(db, call.params.id);
    }),

    implement(getSchoolLogo, async (call) => {
      await authorizeSchoolRead(db, call, call.params.id, { visitors: true });
      const imageId = await logoImageOf(db, call.params.id);
      const image = imageId && (await imageById(db, imageId));
      if (!image) throw notFound(NO_LOGO);
      return imageReply(call.res, image);
    }),

    implement(
      updateSchoolEndpoint,
      async ({ params, body, res }) => {
        const logo = uploadedLogo(res);
        await db.transaction((tx) => updateSchool(tx, params.id, body, logo));
        return schoolDetail(db, params.id);
      },
      { before: [readSchoolForm] },
    ),

    /** The path names the school without `/schools/`, so its membership is checked here. */
    implement(configureSchool, async (call) => {
      call.requireStaffOf(call.params.id);
      await db.transaction((tx) => updateSchoolConfig(tx, call.params.id, call.body));
      return schoolDetail(db, call.params.id);
    }),

    implement(getEmbedOrigins, ({ params }) => embedOriginsOf(db, params.id)),
    implement(listEmbedOrigins, ({ params }) => embedOriginsOf(db, params.id)),
    implement(replaceEmbedOriginsEndpoint, ({ params, body }) =>
      replaceEmbedOrigins(db, params.id, body),
    ),

    implement(listSchoolAttributes, ({ params }) => attributesOf(db, params.id)),

    /** The schools whose membership grants what the endpoint needs (the mount ensured one). */
    implement(listSchools, ({ caller, query }) => {
      const readable = staffCaller(caller).memberships.filter((m) =>
        membershipMayCall(listSchools.access, m),
      );
      return schoolsPage(
        db,
        readable.map((m) => m.school_id),
        query,
      );
    }),
  ];
}
