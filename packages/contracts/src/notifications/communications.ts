import { z } from 'zod';
import { staffOnly } from '@cuota/contracts/access/access';
import { pageSchema } from '@cuota/contracts/common/pagination';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { notificationChannelSchema } from './entities';

const schoolIdSchema = z.uuid('Elige una escuela válida.');

/** Whether a guardian's family owes an order whose due date has passed. */
export const GUARDIAN_DEBTS = ['overdue', 'up_to_date'] as const;
export const guardianDebtSchema = z.enum(
  GUARDIAN_DEBTS,
  'Elige con adeudo vencido o al corriente.',
);
export type GuardianDebt = z.infer<typeof guardianDebtSchema>;

const filterOption = <T extends z.ZodType>(value: T) =>
  z.object({ value, label: z.string(), guardians: z.number().int().nonnegative() });

/** The filters a communication's audience is chosen with, each with how many guardians it has. */
export const guardianFiltersMetadataSchema = z.object({
  school_id: z.string(),
  guardians: z.number().int().nonnegative(),
  channels: z.array(filterOption(notificationChannelSchema)),
  debts: z.array(filterOption(guardianDebtSchema)),
});
export type GuardianFiltersMetadata = z.infer<typeof guardianFiltersMetadataSchema>;

/** POST get_guardians: a school's guardians reachable on a channel, by debt, by name. */
export const guardianAudienceRequestSchema = z.strictObject({
  school_id: schoolIdSchema,
  channel: notificationChannelSchema.optional(),
  debt: guardianDebtSchema.optional(),
  search: z.string().trim().max(100, 'Busca con 100 caracteres como máximo.').optional(),
  page: z.number().int().min(1, 'Las páginas empiezan en 1.').default(1),
  page_size: z.number().int().min(1).max(200, 'Como máximo 200 por página.').default(50),
});
export type GuardianAudienceRequest = z.infer<typeof guardianAudienceRequestSchema>;

export const audienceGuardianSchema = z.object({
  guardian_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  /** WhatsApp's number (digits with country code), or null. */
  phone: z.string().nullable(),
  overdue_orders: z.number().int().nonnegative(),
  overdue_centavos: z.number().int().nonnegative(),
});
export const guardianAudienceSchema = pageSchema(audienceGuardianSchema);
export type GuardianAudience = z.infer<typeof guardianAudienceSchema>;

const communications = {
  domain: 'notifications',
  surface: 'dashboard',
  // Guardians' addresses and debts: whoever may see guardians.
  access: staffOnly('guardians.read'),
  spec: 'spec',
} as const;

export const guardianFiltersMetadata = defineEndpoint({
  ...communications,
  name: 'notifications.communications.filters-metadata',
  method: 'GET',
  path: '/communications/guardians/filters-metadata/',
  summary: 'Filtros para elegir a qué tutores escribir, con cuántos tiene cada uno',
  query: z.object({ school_id: schoolIdSchema }),
  response: guardianFiltersMetadataSchema,
});

export const guardianAudience = defineEndpoint({
  ...communications,
  name: 'notifications.communications.get-guardians',
  method: 'POST',
  path: '/communications/guardians/get_guardians/',
  summary: 'Tutores de la escuela según canal, adeudo y nombre',
  body: guardianAudienceRequestSchema,
  response: guardianAudienceSchema,
});

export const COMMUNICATIONS_ENDPOINTS = [guardianFiltersMetadata, guardianAudience] as const;
