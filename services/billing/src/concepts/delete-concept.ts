import type { Executor } from '@cuota/messaging/transaction';
import { conflict } from '@cuota/service-runtime/http/http-error';
import { conceptById, deleteConceptRow } from './concept-repository';

/** Only a concept nothing was billed from goes; one with orders is deactivated instead. */
export async function deleteConcept(tx: Executor, id: string): Promise<void> {
  const { orders } = await conceptById(tx, id, { lock: true });
  if (orders > 0)
    throw conflict(
      `El concepto ya tiene ${orders} ${orders === 1 ? 'orden' : 'órdenes'}: desactívalo en lugar de eliminarlo.`,
    );
  await deleteConceptRow(tx, id);
}
