import { z } from 'zod';
import { clabeSchema } from './clabe';

/** A school's bank account, where its payouts are deposited (issue 18, ADR 0036). */
export const bankAccountSchema = z.object({
  id: z.string(),
  school_id: z.string(),
  clabe: z.string(),
  /** Banxico's code: the CLABE's first three digits. */
  bank_code: z.string(),
  bank_name: z.string(),
  holder_name: z.string(),
  alias: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankAccountListSchema = z.object({ results: z.array(bankAccountSchema) });

/** Whose the account is, as the bank knows it. */
export const holderNameSchema = z
  .string('Escribe el titular de la cuenta.')
  .trim()
  .min(3, 'Escribe el titular de la cuenta (al menos 3 caracteres).')
  .max(120, 'El titular admite a lo más 120 caracteres.');

/** POST …/bank_accounts/: the bank is named from the CLABE, never typed. */
export const newBankAccountSchema = z.strictObject({
  clabe: clabeSchema,
  holder_name: holderNameSchema,
  alias: z.string().trim().max(60, 'El alias admite a lo más 60 caracteres.').optional(),
});
export type NewBankAccount = z.infer<typeof newBankAccountSchema>;
