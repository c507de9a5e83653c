import type { BankAccount, NewBankAccount } from '@cuota/contracts/payments/bank-accounts';
import { bankOfClabe } from '@cuota/contracts/payments/clabe';
import type { Keyed } from '@cuota/service-runtime/http/endpoint-handlers';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { KeyTaken, onceOnRow } from '@cuota/service-runtime/idempotency/key-on-row';
import { requestHash } from '@cuota/service-runtime/idempotency/request-hash';
import type { PaymentsDeps } from '../payments-deps';
import { bankAccountByKey, insertBankAccount, toBankAccount } from './bank-account-repository';

/**
 * Adds a school bank account once per Idempotency-Key (ADR 0019) and once per CLABE: the
 * same key answers the first account; another key with a CLABE the school has is a 409.
 */
export async function addBankAccount(
  { db }: PaymentsDeps,
  schoolId: string,
  body: NewBankAccount,
  idempotencyKey: string,
  by: { userId: string; name: string | null },
): Promise<Keyed<BankAccount>> {
  const hash = requestHash({ schoolId, ...body });
  const { row, replayed } = await onceOnRow({
    hash,
    find: () => bankAccountByKey(db, schoolId, idempotencyKey),
    create: async () => {
      const added = await insertBankAccount(db, {
        schoolId,
        clabe: body.clabe,
        bankCode: body.clabe.slice(0, 3),
        // The body's schema refused any CLABE whose bank is unknown.
        bankName: bankOfClabe(body.clabe)!,
        holderName: body.holder_name,
        alias: body.alias || null,
        createdBy: by.userId,
        createdByName: by.name,
        idempotencyKey,
        requestHash: hash,
      });
      if (added) return added;
      if (await bankAccountByKey(db, schoolId, idempotencyKey)) throw new KeyTaken();
      throw conflict('Esta CLABE ya está registrada en la escuela.');
    },
  });
  return { answer: toBankAccount(row), replayed };
}
