import { levelCreatedV1 } from '@cuota/contracts/events/enrolment.level.created.v1';
import { levelUpdatedV1 } from '@cuota/contracts/events/enrolment.level.updated.v1';
import type { EducationLevel } from '@cuota/contracts/enrolment/entities';
import { enqueueEvent } from '@cuota/messaging/outbox/enqueue-event';
import type { Executor } from '@cuota/messaging/transaction';
import type { LevelRow } from './level-queries';

const snapshot = (row: LevelRow) => ({
  level_id: row.id,
  school_id: row.schoolId,
  level: row.level as EducationLevel,
  name: row.name,
  position: row.position,
  active: row.active,
});

/** enrolment.level.created / .updated with the level as it is now (same transaction). */
export const publishLevel = (tx: Executor, row: LevelRow, kind: 'created' | 'updated') =>
  enqueueEvent(tx, kind === 'created' ? levelCreatedV1 : levelUpdatedV1, snapshot(row));
