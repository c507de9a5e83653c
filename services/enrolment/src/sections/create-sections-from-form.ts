import type { SectionFormBatch } from '@cuota/contracts/enrolment/levels';
import type { Executor } from '@cuota/messaging/transaction';
import { createSection } from './create-section';
import { fromForm } from './section-rules';

/** Several groups of one grade at once (the form's "A, B, C"): all of them or none. */
export async function createSectionsFromForm(
  tx: Executor,
  batch: SectionFormBatch,
): Promise<string[]> {
  const ids: string[] = [];
  for (const group of batch.groups) {
    const { level_id, grade, capacity } = batch;
    const fields = fromForm({ level_id, grade, group, capacity });
    ids.push(await createSection(tx, { school_id: batch.school_id, ...fields }));
  }
  return ids;
}
