import type { Express } from 'express';
import { eq } from 'drizzle-orm';
import {
  STUDENT_PHOTO_MAX_BYTES,
  STUDENT_PHOTO_TYPES,
} from '@cuota/contracts/enrolment/student-detail';
import { notFound } from '@cuota/service-runtime/http/http-error';
import type { ServiceContext } from '@cuota/service-host/service-host';
import type * as schema from '../../schema';
import { students, uploadedImages } from '../../schema';
import { readImageUpload } from '../../uploads/image-upload';
import { authorizeStudent } from '../student-access';
import { studentProfile } from '../student-profile';

/**
 * PUT /api/v2/students/{id}/upload_photo/ (spec, multipart field "photo") and
 * GET /api/v2/students/{id}/photo/ (our extension): staff of the school or the student's
 * guardians. The previous photo is deleted with the replacement, in one transaction.
 */
export function studentPhotoRoutes(app: Express, ctx: ServiceContext<typeof schema>): void {
  const { db } = ctx;

  app.put('/api/v2/students/:id/upload_photo/', async (req, res) => {
    const access = await authorizeStudent(db, res, req.params.id, 'students.write', {
      guardians: true,
    });
    const image = await readImageUpload(req, res, {
      field: 'photo',
      maxBytes: STUDENT_PHOTO_MAX_BYTES,
      types: STUDENT_PHOTO_TYPES,
    });
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ imageId: students.photoImageId })
        .from(students)
        .where(eq(students.id, access.studentId))
        .for('update');
      const [stored] = await tx
        .insert(uploadedImages)
        .values({ contentType: image.contentType, bytes: image.bytes })
        .returning({ id: uploadedImages.id });
      await tx
        .update(students)
        .set({ photoImageId: stored!.id, updatedAt: new Date() })
        .where(eq(students.id, access.studentId));
      if (before?.imageId)
        await tx.delete(uploadedImages).where(eq(uploadedImages.id, before.imageId));
    });
    res.json(await studentProfile(db, access.studentId));
  });

  app.get('/api/v2/students/:id/photo/', async (req, res) => {
    const access = await authorizeStudent(db, res, req.params.id, 'students.read', {
      guardians: true,
    });
    const [photo] = await db
      .select({ contentType: uploadedImages.contentType, bytes: uploadedImages.bytes })
      .from(students)
      .innerJoin(uploadedImages, eq(uploadedImages.id, students.photoImageId))
      .where(eq(students.id, access.studentId));
    if (!photo) throw notFound('Este alumno no tiene foto.');
    res
      .set({
        'content-type': photo.contentType,
        'cache-control': 'private, no-cache',
        'x-content-type-options': 'nosniff',
      })
      .send(photo.bytes);
  });
}
