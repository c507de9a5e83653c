import { useState } from 'react';
import styled from 'styled-components';
import { Badge } from '@cuota/ui/badge';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { DataTable } from '@cuota/ui/data-table';
import { DateText, InstantText } from '@cuota/ui/date-text';
import { EmptyState } from '@cuota/ui/empty-state';
import { ErrorState } from '@cuota/ui/error-state';
import { MoneyField } from '@cuota/ui/money-field';
import { MoneyText } from '@cuota/ui/money-text';
import { Notice } from '@cuota/ui/notice';
import { Page } from '@cuota/ui/page';
import { Pagination } from '@cuota/ui/pagination';
import { Spinner } from '@cuota/ui/spinner';
import { StatusBadge } from '@cuota/ui/status-badge';
import { STATUS_LOOKS, type StatusKind } from '@cuota/ui/status-labels';
import { TextField } from '@cuota/ui/text-field';
import { EXAMPLE_CHARGES, type ExampleCharge } from '../utils/example-charges';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const KIND_TITLES: Record<StatusKind, string> = {
  orderPayment: 'Pago de una orden',
  request: 'Solicitud de pago o factura',
  invoice: 'Factura (CFDI)',
  due: 'Vencimiento',
  job: 'Tarea en segundo plano',
  bulk: 'Proceso masivo',
};

function StatusBadges() {
  return (
    <Card title="Estatus">
      {(Object.keys(STATUS_LOOKS) as StatusKind[]).map((kind) => (
        <Row key={kind} aria-label={KIND_TITLES[kind]} role="group">
          <strong>{KIND_TITLES[kind]}:</strong>
          {Object.keys(STATUS_LOOKS[kind]).map((status) => (
            <StatusBadge key={status} kind={kind} status={status as never} />
          ))}
        </Row>
      ))}
    </Card>
  );
}

function ChargesTable() {
  return (
    <DataTable<ExampleCharge>
      caption="Cargos de ejemplo"
      rows={EXAMPLE_CHARGES}
      rowKey={(c) => c.id}
      pageSize={4}
      defaultSort={{ column: 'due_on', direction: 'ascending' }}
      columns={[
        { id: 'student', header: 'Alumno', cell: (c) => c.student, sortValue: (c) => c.student },
        { id: 'concept', header: 'Concepto', cell: (c) => c.concept },
        {
          id: 'due_on',
          header: 'Vence',
          cell: (c) => <DateText date={c.due_on} />,
          sortValue: (c) => c.due_on,
        },
        {
          id: 'amount',
          header: 'Monto',
          align: 'end',
          cell: (c) => <MoneyText centavos={c.amount} />,
          sortValue: (c) => c.amount,
        },
        {
          id: 'status',
          header: 'Estatus',
          cell: (c) => <StatusBadge kind="due" status={c.due_status} />,
        },
      ]}
    />
  );
}

/** /dashboard/componentes: every shared component with example data, for staff and designers. */
export function ComponentsPage() {
  const [page, setPage] = useState(2);
  const [amount, setAmount] = useState<number | null>(125050);
  return (
    <Page title="Componentes">
      <p>
        Las piezas con las que se construyen las pantallas de Cuota, con datos de ejemplo. Los
        montos llegan en centavos y las fechas se muestran en la hora de la Ciudad de México.
      </p>
      <Card title="Dinero y fechas">
        <Row>
          <MoneyText centavos={123450} /> · <MoneyText centavos={5} /> ·{' '}
          <MoneyText centavos={-250075} />
        </Row>
        <Row>
          Fecha de vencimiento: <DateText date="2026-09-10" /> · <DateText date="2026-09-10" long />
        </Row>
        <Row>
          Pago recibido: <InstantText instant="2026-09-01T02:30:00Z" />
        </Row>
        <MoneyField label="Monto a cobrar" value={amount} onChange={setAmount} />
        <p>En centavos: {amount === null ? '—' : amount}</p>
      </Card>
      <StatusBadges />
      <Card title="Tabla con orden y páginas">
        <ChargesTable />
      </Card>
      <Card title="Páginas que cuenta el servidor">
        <Pagination page={page} pageCount={12} onPageChange={setPage} label="Páginas de ejemplo" />
      </Card>
      <Card title="Estados">
        <Spinner label="Cargando los pagos…" />
        <EmptyState
          title="Aún no hay pagos"
          description="Cuando las familias paguen, sus pagos aparecerán aquí."
        />
        <ErrorState
          title="No pudimos cargar los pagos"
          message="El servicio de pagos no responde. Intenta de nuevo en unos minutos."
          onRetry={() => undefined}
        />
        <Notice>
          <p>Tu rol puede consultar esta sección, pero no registrar pagos.</p>
        </Notice>
      </Card>
      <Card title="Botones, etiquetas y campos">
        <Row>
          <Button>Principal</Button>
          <Button variant="secondary">Secundario</Button>
          <Button variant="ghost">Discreto</Button>
          <Button disabled>Sin permiso</Button>
        </Row>
        <Row>
          {(['info', 'success', 'warning', 'error', 'neutral'] as const).map((tone) => (
            <Badge key={tone} tone={tone}>
              {tone}
            </Badge>
          ))}
        </Row>
        <TextField label="RFC" hint="12 o 13 caracteres" defaultValue="XAXX010101000" />
        <TextField label="Correo" error="Escribe un correo válido." defaultValue="ana@" />
      </Card>
    </Page>
  );
}
