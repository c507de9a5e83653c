import { and, eq, isNull, sql } from 'drizzle-orm';
import { sectionDeletedV1 } from '@cuota/contracts/events/enrolment.section.deleted.v1';
import { levelDeletedV1 } from '@cuota/contracts/events/enrolment.level.deleted.v1';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import { levels, sections, students } from '../schema';
import { sectionsOfSchool } from '../sections/section-queries';
import { levelOfSchool } from './level-queries';

const studentsText = (n: number) => (n === 1 ? '1 alumno' : `${n} alumnos`);

/** "1° A", "1° A y 1° B", "1° A, 1° B y 3 más" (the details name every one). */
function namesText(names: string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} y ${more} más`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} y ${shown.at(-1)}`;
}

/**
 * The school stops offering a level. Refused (409, nothing deleted) while any student of
 * any status (leads and applicants too) belongs to it: the message names the groups that
 * have students and counts those without a group. Otherwise its empty groups go with it.
 * The level row is locked: a student or group added meanwhile waits, then fails its FK.
 */
export async function deleteLevel(tx: Executor, schoolId: string, levelId: string): Promise<void> {
  const level = await levelOfSchool(tx, schoolId, levelId, { lock: true });
  const own = await sectionsOfSchool(tx, schoolId, { level_id: level.id });
  const busy = own.filter((s) => s.students > 0);
  const [loose] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(students)
    .where(and(eq(students.levelId, level.id), isNull(students.sectionId)));
  const unassigned = loose!.n;

  if (busy.length || unassigned) {
    const reasons = [
      ...(busy.length
        ? [
            `${busy.length === 1 ? 'el grupo' : 'los grupos'} ${namesText(busy.map((s) => s.name))} ${busy.length === 1 ? 'tiene' : 'tienen'} alumnos`,
          ]
        : []),
      ...(unassigned ? [`${studentsText(unassigned)} sin grupo`] : []),
    ];
    throw new HttpError(
      409,
      'CONFLICT',
      `No se puede eliminar ${level.name}: ${reasons.join(' y ')}. Cambia a sus alumnos de nivel o desactiva el nivel para dejar de ofrecerlo.`,
      [
        ...busy.map((s) => ({
          path: s.id,
          message: `${s.name} tiene ${studentsText(s.students)}.`,
        })),
        ...(unassigned
          ? [
              {
                path: 'students',
                message: `${studentsText(unassigned)} de ${level.name} sin grupo (interesados, aspirantes o sin asignar).`,
              },
            ]
          : []),
      ],
    );
  }

  for (const section of own) {
    await tx.delete(sections).where(eq(sections.id, section.id));
    await enqueueEvent(tx, sectionDeletedV1, {
      section_id: section.id,
      school_id: schoolId,
      level_id: level.id,
    });
  }
  await tx.delete(levels).where(eq(levels.id, level.id));
  await enqueueEvent(tx, levelDeletedV1, { level_id: level.id, school_id: schoolId });
}
