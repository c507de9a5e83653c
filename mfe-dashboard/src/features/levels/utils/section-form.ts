import { z } from 'zod';

/** "A, B, C" → ["A", "B", "C"]. */
export const splitGroups = (text: string) =>
  text
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean);

const capacity = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Escribe un cupo válido.')
  .refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= 200), 'El cupo va de 1 a 200.');

/** The "add groups" form as typed; the API's schema checks again on the server. */
export const addSectionsFormSchema = z.object({
  grade: z.string().min(1, 'Elige un grado.'),
  groups: z
    .string()
    .refine((t) => splitGroups(t).length > 0, 'Escribe al menos un grupo, por ejemplo A, B.')
    .refine((t) => {
      const groups = splitGroups(t).map((g) => g.toUpperCase());
      return new Set(groups).size === groups.length;
    }, 'Hay grupos repetidos.'),
  capacity,
});
export type AddSectionsFormValues = z.infer<typeof addSectionsFormSchema>;

export const editSectionFormSchema = z.object({
  grade: z.string().min(1, 'Elige un grado.'),
  group: z.string().trim().min(1, 'Escribe la letra o nombre del grupo.').max(20),
  capacity,
});
export type EditSectionFormValues = z.infer<typeof editSectionFormSchema>;

export const capacityOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** "1° A" → grade 1 and group "A", so a section named by the form can be edited by it. */
export function readSectionName(name: string, grade: number | null) {
  const match = /^(\d+)°\s*(.+)$/.exec(name);
  return {
    grade: String(grade ?? match?.[1] ?? ''),
    group: match ? match[2]! : name,
  };
}
