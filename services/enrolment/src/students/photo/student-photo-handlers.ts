import {
  STUDENT_PHOTO_MAX_BYTES,
  STUDENT_PHOTO_TYPES,
} from '@cuota/contracts/enrolment/student-detail';
import {
  studentPhoto as studentPhotoEndpoint,
  UNKNOWN_STUDENT,
  uploadStudentPhoto,
} from '@cuota/contracts/enrolment/endpoints/students';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import { notFound } from '@cuota/service-runtime/http/http-error';
import { Reply } from '@cuota/service-runtime/http/reply';
import type { EnrolmentContext } from '../../enrolment-db';
import { readImageUpload } from '@cuota/service-runtime/http/image-upload';
import { authorizeStudent } from '../student-access';
import { studentProfile } from '../student-profile-repository';
import { studentPhoto } from '../student-repository';
import { replaceStudentPhoto } from './replace-student-photo';

/**
 * PUT /api/v2/students/{id}/upload_photo/ (spec, multipart field "photo") and
 * GET /api/v2/students/{id}/photo/ (our extension): staff of the school or the student's
 * guardians.
 */
export function studentPhotoHandlers({ db }: EnrolmentContext) {
  return [
    implement(uploadStudentPhoto, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      const image = await readImageUpload(call.req, call.res, {
        field: 'photo',
        maxBytes: STUDENT_PHOTO_MAX_BYTES,
        types: STUDENT_PHOTO_TYPES,
      });
      await db.transaction((tx) => replaceStudentPhoto(tx, call.params.id, image));
      const student = await studentProfile(db, call.params.id);
      if (!student) throw notFound(UNKNOWN_STUDENT);
      return student;
    }),

    implement(studentPhotoEndpoint, async (call) => {
      await authorizeStudent(db, call, call.params.id);
      const photo = await studentPhoto(db, call.params.id);
      if (!photo) throw notFound('Este alumno no tiene foto.');
      // The photo's URL never changes: a browser must ask again; it must not guess the type.
      call.res.setHeader('x-content-type-options', 'nosniff');
      return Reply.file({
        data: photo.bytes,
        contentType: photo.contentType,
        cacheControl: 'private, no-cache',
      });
    }),
  ];
}
