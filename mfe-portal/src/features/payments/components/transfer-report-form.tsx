import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ReportTransfer } from '@cuota/contracts/payments/transfer-reports';
import { Button } from '@cuota/ui/button';
import { formatPeriod, todayInMexicoCity } from '@cuota/ui/dates';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { MoneyField } from '@cuota/ui/money-field';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { Spinner } from '@cuota/ui/spinner';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useFamilyFulfillmentsQuery } from '../api/family-balance-api';
import { useReportTransferMutation, useUploadProofMutation } from '../api/portal-payments-api';
import { amountDue } from '../utils/amount-due';

const Orders = styled.fieldset`
  border: none;
  margin: 0;
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
`;

// A tap target of 44 px and a box as big as the portal's pay page's.
const OrderChoice = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 44px;
  input {
    flex: none;
    width: 24px;
    height: 24px;
    margin: 0;
  }
`;

/** What the family must give before the report is sent (the service checks it again). */
function missing(chosen: string[], amount: number | null, proof: File | null): string | null {
  if (!chosen.length) return 'Elige los cargos que pagaste.';
  if (!amount) return 'Escribe cuánto transferiste.';
  if (!proof) return 'Adjunta el comprobante (PDF, JPG o PNG).';
  return null;
}

/**
 * A family says it paid by SPEI (ADR 0036): the orders it paid, how much, when, the tracking
 * key and the bank's proof. The report's id is chosen here, so a retry reports it once.
 */
export function TransferReportForm({ schoolId, onDone }: { schoolId: string; onDone: () => void }) {
  const loaded = useFamilyFulfillmentsQuery(schoolId).currentData;
  const owed = loaded ?? [];
  const [reportId] = useState(() => crypto.randomUUID());
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState<number | null>(null);
  const [paidOn, setPaidOn] = useState(todayInMexicoCity());
  const [reference, setReference] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, reporting] = useReportTransferMutation();
  const [upload, uploading] = useUploadProofMutation();
  // Oldest due first, then by child: the same list on every visit.
  const open = owed
    .filter((o) => amountDue(o) > 0)
    .sort(
      (a, b) =>
        a.due_on.localeCompare(b.due_on) ||
        a.student.name.localeCompare(b.student.name, 'es') ||
        a.id.localeCompare(b.id),
    );
  const chosenTotal = open
    .filter((o) => chosen.includes(o.id))
    .reduce((s, o) => s + amountDue(o), 0);

  const toggle = (id: string) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const total = amount ?? chosenTotal;
    const problem = missing(chosen, total, proof);
    if (problem) return setError(problem);
    const first = open.find((o) => o.id === chosen[0])!;
    const body: ReportTransfer = {
      student_id: first.student.id,
      order_ids: chosen,
      amount_centavos: total,
      paid_on: paidOn,
      ...(reference.trim() ? { reference: reference.trim() } : {}),
    };
    try {
      setError(null);
      await report({ schoolId, payinId: reportId, report: body }).unwrap();
      const form = new FormData();
      form.append('file', proof!, proof!.name);
      await upload({ schoolId, payinId: reportId, form }).unwrap();
      onDone();
    } catch (failure) {
      setError(readError(failure).message);
    }
  }

  if (!loaded) return <Spinner label="Cargando tus cargos…" />;
  if (!open.length) return <p>No tienes cargos pendientes que reportar.</p>;
  return (
    <FormColumn onSubmit={(e) => void submit(e)} aria-label="Reportar una transferencia">
      <Orders>
        <legend>¿Qué pagaste?</legend>
        {open.map((o) => (
          <OrderChoice key={o.id}>
            <input type="checkbox" checked={chosen.includes(o.id)} onChange={() => toggle(o.id)} />
            <span>
              {o.concept_name}
              {o.period ? ` ${formatPeriod(o.period)}` : ''} de {o.student.name} ·{' '}
              <MoneyText centavos={amountDue(o)} />
            </span>
          </OrderChoice>
        ))}
      </Orders>
      <MoneyField
        label="Monto transferido"
        value={amount ?? (chosenTotal || null)}
        onChange={setAmount}
      />
      <TextField
        label="Fecha de la transferencia"
        type="date"
        value={paidOn}
        max={todayInMexicoCity()}
        onChange={(e) => setPaidOn(e.target.value)}
      />
      <TextField
        label="Clave de rastreo (opcional)"
        value={reference}
        maxLength={40}
        onChange={(e) => setReference(e.target.value)}
      />
      <TextField
        label="Comprobante (PDF, JPG o PNG, hasta 5 MB)"
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        onChange={(e) => setProof(e.target.files?.[0] ?? null)}
      />
      {error && <FormError>{error}</FormError>}
      <Notice>
        <p>La escuela revisará tu transferencia; el pago se aplica cuando la confirme.</p>
      </Notice>
      <Button type="submit" disabled={reporting.isLoading || uploading.isLoading}>
        Enviar reporte
      </Button>
    </FormColumn>
  );
}
