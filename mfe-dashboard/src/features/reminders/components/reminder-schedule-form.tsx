import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  NOTIFICATION_CHANNELS,
  saveReminderScheduleSchema,
  type ReminderScheduleView,
  type SaveReminderSchedule,
} from '@cuota/contracts/notifications/entities';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldGrid, FormColumn, FormError } from '@cuota/ui/form-pieces';
import { SelectField, TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useToast } from '@cuota/web-core/toast/use-toast';
import { useSaveReminderScheduleMutation } from '../api/reminders-api';
import { CHANNEL_LABELS } from './delivery-state';

export const SCHEDULE_SAVED = 'Guardamos el calendario de recordatorios.';

/** An empty days box means «no reminder then» (null), not zero days. */
const daysOrNone = (typed: unknown) =>
  typed === '' || typed === null || typed === undefined ? null : Number(typed);
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourText = (h: number) => `${String(h).padStart(2, '0')}:00`;

/**
 * When the school's families are reminded (ADR 0064, 0075): days before and after the due
 * date, on the day itself, by e-mail and/or WhatsApp, never in the quiet hours (Mexico City).
 */
export function ReminderScheduleForm({
  schoolId,
  schedule,
  canEdit,
}: {
  schoolId: string;
  schedule: ReminderScheduleView;
  canEdit: boolean;
}) {
  const [save, { isLoading }] = useSaveReminderScheduleMutation();
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { school_id: _school, ...saved } = schedule;
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof saveReminderScheduleSchema>,
    unknown,
    SaveReminderSchedule
  >({
    resolver: zodResolver(saveReminderScheduleSchema),
    defaultValues: saved,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await save({ schoolId, schedule: values }).unwrap();
      toast({ title: SCHEDULE_SAVED });
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Calendario de recordatorios">
      <Card title="Calendario de recordatorios">
        <fieldset disabled={!canEdit}>
          <label>
            <input type="checkbox" {...register('enabled')} /> Enviar recordatorios de pago
            automáticamente
          </label>
          <FieldGrid>
            <TextField
              label="Días antes del vencimiento"
              hint="Vacío: ninguno antes."
              type="number"
              inputMode="numeric"
              min={1}
              max={30}
              error={errors.days_before?.message ?? null}
              {...register('days_before', { setValueAs: daysOrNone })}
            />
            <TextField
              label="Días después del vencimiento"
              hint="Vacío: ninguno después."
              type="number"
              inputMode="numeric"
              min={1}
              max={60}
              error={errors.days_overdue?.message ?? null}
              {...register('days_overdue', { setValueAs: daysOrNone })}
            />
          </FieldGrid>
          <label>
            <input type="checkbox" {...register('on_due_day')} /> También el día del vencimiento
          </label>
        </fieldset>
        <fieldset disabled={!canEdit}>
          <legend>Canales</legend>
          {NOTIFICATION_CHANNELS.map((channel) => (
            <label key={channel}>
              <input type="checkbox" value={channel} {...register('channels')} />{' '}
              {CHANNEL_LABELS[channel]}
            </label>
          ))}
          <p>WhatsApp llega solo a los tutores con teléfono registrado.</p>
          {errors.channels && <FormError>{errors.channels.message}</FormError>}
        </fieldset>
        <fieldset disabled={!canEdit}>
          <legend>Horario sin envíos (hora del centro de México)</legend>
          <FieldGrid>
            <SelectField
              label="Desde"
              error={errors.quiet_from?.message ?? null}
              {...register('quiet_from', { valueAsNumber: true })}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {hourText(h)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Hasta"
              error={errors.quiet_until?.message ?? null}
              {...register('quiet_until', { valueAsNumber: true })}
            >
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {hourText(h)}
                </option>
              ))}
            </SelectField>
          </FieldGrid>
        </fieldset>
        {serverError && <FormError>{serverError}</FormError>}
        {canEdit && (
          <div>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Guardando…' : 'Guardar calendario'}
            </Button>
          </div>
        )}
      </Card>
    </FormColumn>
  );
}
