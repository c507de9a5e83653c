import { useState, type FormEvent } from 'react';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { formatMoney } from '@cuota/ui/money';
import { MoneyField } from '@cuota/ui/money-field';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';
import { UtmLink } from '@cuota/web-core/routing/utm-link';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useDeskSettingsQuery, useUpdateDeskSettingsMutation } from '../api/payments-api';

/** The most one desk payment may be (ADR 0036): shown to all, changed by who may refund. */
function DeskLimitForm({ schoolId, current }: { schoolId: string; current: number }) {
  const canChange = useGrant('payments.refund');
  const [limit, setLimit] = useState<number | null>(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saved] = useUpdateDeskSettingsMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!limit || limit <= 0) return setProblem('Escribe el límite, mayor que cero.');
    setProblem(null);
    const answer = await save({ schoolId, limit });
    if ('error' in answer) setProblem(readError(answer.error).message);
  };
  if (!canChange) return <p>Cada pago en caja puede ser de hasta {formatMoney(current)}.</p>;
  return (
    <FormColumn aria-label="Límite por pago en caja" onSubmit={(e) => void submit(e)}>
      <p>
        Un pago mayor se rechaza en caja, con o sin confirmación: evita capturas como $999,999 por
        un adeudo de $5,300.
      </p>
      <MoneyField label="Límite por pago" value={limit} onChange={setLimit} />
      {problem && <FormError>{problem}</FormError>}
      {saved.isSuccess && !problem && <p role="status">Límite guardado.</p>}
      <Button type="submit" disabled={saved.isLoading}>
        {saved.isLoading ? 'Guardando…' : 'Guardar límite'}
      </Button>
    </FormColumn>
  );
}

export function DeskLimitView({ schoolId }: { schoolId: string }) {
  const settings = useDeskSettingsQuery(schoolId);
  if (settings.isLoading) return <Spinner label="Cargando el límite…" />;
  if (settings.error || !settings.data)
    return (
      <ErrorState
        message={readError(settings.error).message}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <Card title="Límite por pago en caja">
      <DeskLimitForm schoolId={schoolId} current={settings.data.desk_limit_centavos} />
    </Card>
  );
}

export function DeskLimitPage() {
  const schoolId = useCurrentSchool().school?.id;
  return (
    <Page title="Límite por pago en caja">
      <UtmLink to="/dashboard/desk">Volver a registrar pago</UtmLink>
      {schoolId && <DeskLimitView schoolId={schoolId} />}
    </Page>
  );
}
