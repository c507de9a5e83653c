import { PUBLICO_EN_GENERAL_MODE_LABELS } from '@cuota/contracts/invoicing/global-invoice';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  INVOICE_TIMING_TEXT,
  type CsdSummary,
  type FiscalEntity,
} from '@cuota/contracts/invoicing/fiscal-entities';
import { Badge } from '@cuota/ui/badge';
import { Card } from '@cuota/ui/card';
import { DateText } from '@cuota/ui/date-text';
import type { Tone } from '@cuota/ui/theme';
import styled from 'styled-components';

/** Label beside value where there is room, label over value on a phone. */
const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space(2)};
  }
  @media (min-width: 48rem) {
    grid-template-columns: max-content minmax(0, 1fr);
    column-gap: ${({ theme }) => theme.space(4)};
    dd {
      margin: 0;
    }
  }
`;

const CSD_STATES: Record<CsdSummary['state'], { tone: Tone; label: (days: number) => string }> = {
  valid: { tone: 'success', label: () => 'Vigente' },
  expiring: {
    tone: 'warning',
    label: (days) => (days === 0 ? 'Vence hoy' : `Vence en ${days} ${days === 1 ? 'día' : 'días'}`),
  },
  expired: { tone: 'error', label: () => 'Vencido: no se puede facturar' },
};

const levelsOf = (entity: FiscalEntity) =>
  entity.levels.length
    ? entity.levels.map((l) => EDUCATION_LEVEL_LABELS[l]).join(', ')
    : 'Todos los niveles que no tengan otra razón social';

/** One razón social: its emisor data, series and next folio, levels, RVOE and CSD. */
export function FiscalEntityCard({ entity }: { entity: FiscalEntity }) {
  const { csd } = entity;
  const state = CSD_STATES[csd.state];
  const rvoe = EDUCATION_LEVELS.filter((l) => entity.rvoe[l]).map(
    (l) => `${EDUCATION_LEVEL_LABELS[l]}: ${entity.rvoe[l]}`,
  );
  return (
    <Card title={entity.legal_name} aria-label={`Razón social ${entity.rfc}`}>
      <Facts>
        <dt>RFC</dt>
        <dd>{entity.rfc}</dd>
        <dt>Régimen fiscal · código postal</dt>
        <dd>
          {entity.regimen_fiscal} · {entity.postal_code}
        </dd>
        <dt>Serie y siguiente folio</dt>
        <dd>
          {entity.series}-{entity.next_folio}
        </dd>
        <dt>Factura a</dt>
        <dd>{levelsOf(entity)}</dd>
        <dt>Cuándo factura</dt>
        <dd>
          {INVOICE_TIMING_TEXT[entity.invoice_timing].label}.{' '}
          {INVOICE_TIMING_TEXT[entity.invoice_timing].explanation}
        </dd>
        <dt>Público en general</dt>
        <dd>{PUBLICO_EN_GENERAL_MODE_LABELS[entity.publico_en_general]}</dd>
        <dt>RVOE</dt>
        <dd>{rvoe.length ? rvoe.join(' · ') : 'Sin RVOE: la enseñanza se factura con IVA'}</dd>
        <dt>Certificado de sello digital (CSD)</dt>
        <dd>
          {csd.no_certificado}, vigente hasta <DateText date={csd.valid_to.slice(0, 10)} long />{' '}
          <Badge tone={state.tone}>{state.label(csd.days_left)}</Badge>
        </dd>
      </Facts>
      {csd.state !== 'valid' && (
        <p role="alert">
          {csd.state === 'expired'
            ? 'El CSD venció: tramita uno nuevo en el SAT y súbelo abajo para seguir facturando.'
            : 'Tramita un CSD nuevo en el SAT y súbelo abajo antes de que venza.'}
        </p>
      )}
    </Card>
  );
}
