import { HttpError } from '@cuota/service-runtime/http/http-error';

/**
 * The school's list after moving one level to index `position` (a position past the end
 * means last): every level's new position, 0…n-1.
 */
export function positionsAfterMove(
  orderedIds: readonly string[],
  movedId: string,
  position: number | undefined,
): Map<string, number> {
  const order = [...orderedIds];
  if (position !== undefined) {
    order.splice(order.indexOf(movedId), 1);
    order.splice(Math.min(position, order.length), 0, movedId);
  }
  return new Map(order.map((id, i) => [id, i]));
}

const studentsText = (n: number) => (n === 1 ? '1 alumno' : `${n} alumnos`);

/** "1° A", "1° A y 1° B", "1° A, 1° B y 3 más" (the details name every one). */
export function namesText(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} y ${more} más`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} y ${shown.at(-1)}`;
}

/**
 * Why a level cannot be deleted, or null: any student of any status (leads and applicants
 * too) belongs to it. Names the groups with students and counts those without a group.
 */
export function levelDeletionBlocker(
  levelName: string,
  busySections: readonly { id: string; name: string; students: number }[],
  studentsWithoutSection: number,
): HttpError | null {
  if (!busySections.length && !studentsWithoutSection) return null;
  const one = busySections.length === 1;
  const reasons = [
    ...(busySections.length
      ? [
          `${one ? 'el grupo' : 'los grupos'} ${namesText(busySections.map((s) => s.name))} ${one ? 'tiene' : 'tienen'} alumnos`,
        ]
      : []),
    ...(studentsWithoutSection ? [`${studentsText(studentsWithoutSection)} sin grupo`] : []),
  ];
  return new HttpError(
    409,
    'CONFLICT',
    `No se puede eliminar ${levelName}: ${reasons.join(' y ')}. Cambia a sus alumnos de nivel o desactiva el nivel para dejar de ofrecerlo.`,
    [
      ...busySections.map((s) => ({
        path: s.id,
        message: `${s.name} tiene ${studentsText(s.students)}.`,
      })),
      ...(studentsWithoutSection
        ? [
            {
              path: 'students',
              message: `${studentsText(studentsWithoutSection)} de ${levelName} sin grupo (interesados, aspirantes o sin asignar).`,
            },
          ]
        : []),
    ],
  );
}
