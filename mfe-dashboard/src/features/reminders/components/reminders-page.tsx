import { Page } from '@cuota/ui/page';
import { ErrorState } from '@cuota/ui/error-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { ReadOnlyNote } from '../../../components/read-only-note';
import { useReminderScheduleQuery } from '../api/reminders-api';
import { ReminderScheduleForm } from './reminder-schedule-form';
import { SentNotificationsList } from './sent-notifications-list';

/** The schedule (whoever edits charges changes it) above the log of what was sent. */
export function RemindersView({ schoolId, canEdit }: { schoolId: string; canEdit: boolean }) {
  const schedule = useReminderScheduleQuery(schoolId);
  return (
    <>
      {schedule.isLoading && <Spinner label="Cargando el calendario de recordatorios…" />}
      {schedule.error ? (
        <ErrorState
          message={readError(schedule.error).message}
          onRetry={() => void schedule.refetch()}
        />
      ) : null}
      {schedule.data && (
        <ReminderScheduleForm
          key={JSON.stringify(schedule.data)}
          schoolId={schoolId}
          schedule={schedule.data}
          canEdit={canEdit}
        />
      )}
      <SentNotificationsList schoolId={schoolId} />
    </>
  );
}

export function RemindersPage() {
  const schoolId = useCurrentSchool().school?.id;
  const canEdit = useGrant('billing.write');
  return (
    <Page title="Recordatorios">
      <ReadOnlyNote
        permission="billing.write"
        action="cambiar cuándo se envían los recordatorios"
      />
      {schoolId && <RemindersView schoolId={schoolId} canEdit={canEdit} />}
    </Page>
  );
}
