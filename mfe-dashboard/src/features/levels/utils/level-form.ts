import { z } from 'zod';

/** The level form as typed; the API's schema checks again on the server. */
export const levelFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'Escribe el nombre del nivel.')
    .max(60, 'El nombre del nivel es demasiado largo.'),
  active: z.boolean(),
});
export type LevelFormValues = z.infer<typeof levelFormSchema>;

/** The 409's details: what keeps a level or groups from being deleted. */
export function blockingDetails(error: unknown): string[] {
  const data = (error as { data?: { error?: { details?: { message: string }[] } } }).data;
  return data?.error?.details?.map((d) => d.message) ?? [];
}
