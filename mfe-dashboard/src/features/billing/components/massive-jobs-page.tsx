import { massiveSpecialDiscountSchema } from '@cuota/contracts/billing/bulk-jobs';
import { formatPeriod, todayInMexicoCity } from '@cuota/ui/dates';
import { useState } from 'react';
import { Button } from '@cuota/ui/button';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { Page } from '@cuota/ui/page';
import { Spinner } from '@cuota/ui/spinner';
import { SelectField, TextField } from '@cuota/ui/text-field';
import { newIdempotencyKey } from '@cuota/web-core/api/endpoint-request';
import { useCurrentSchool } from '@cuota/web-core/session/use-current-school';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { problemsFrom, problemsOfAnswer } from '../../../components/form-problems';
import {
  grantBody,
  GrantValueFields,
  moneyValue,
  VALUE_FIELDS,
} from '../../../components/grant-value-fields';
import { useConceptsQuery } from '../api/billing-api';
import {
  useAssignMutation,
  useDisassignMutation,
  useGrantDiscountsMutation,
  useGrantScholarshipsMutation,
} from '../api/massive-jobs-api';
import { MassiveJobHistory } from './massive-job-history';
import { MassiveJobProgress } from './massive-job-progress';
import { basisPoints, EMPTY, Preview, type Draft, type Kind } from './massive-job-preview';
import { StudentChooser } from './massive-job-students';

type Field = 'concept' | 'period' | 'percent' | 'value' | 'reason' | 'students';
/** Where the form shows a problem: beside its field, or below it all. */
type Problems = Partial<Record<Field | 'form', string>>;

/**
 * Which field each path of a body (the schema's or a 400's `details`) is: a scholarship's
 * value is its percentage, a discount's its kind's value; the start date follows the concept.
 */
const fieldsOf = (kind: Kind): Record<string, Field> => ({
  concept_id: 'concept',
  starts_on: 'concept',
  period: 'period',
  reason: 'reason',
  student_ids: 'students',
  ...(kind === 'discount' ? VALUE_FIELDS : { basis_points: 'percent', amount_centavos: 'percent' }),
});

const KIND_OPTIONS: Record<Kind, string> = {
  assignment: 'Asignar un concepto',
  disassignment: 'Quitar un concepto (cancela órdenes sin pagos)',
  scholarship: 'Otorgar una beca (porcentaje)',
  discount: 'Dar un descuento especial (un mes del concepto)',
};

/** The kinds the member's role may start: billing.write assigns, scholarships.write grants. */
function useStartableKinds(): Kind[] {
  const canAssign = useGrant('billing.write');
  const canGrant = useGrant('scholarships.write');
  return [
    ...(canAssign ? (['assignment', 'disassignment'] as const) : []),
    ...(canGrant ? (['scholarship', 'discount'] as const) : []),
  ];
}

function MassiveJobForm({
  schoolId,
  kinds,
  onStarted,
}: {
  schoolId: string;
  /** What the role may start: never empty. */
  kinds: Kind[];
  onStarted: (id: string) => void;
}) {
  const concepts = useConceptsQuery(schoolId);
  const start: Draft = { ...EMPTY, kind: kinds[0]! };
  const [draft, setDraft] = useState<Draft>(start);
  const [previewing, setPreviewing] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const concept = concepts.data?.find((c) => c.id === draft.conceptId);
  const [assign] = useAssignMutation();
  const [disassign] = useDisassignMutation();
  const [grant] = useGrantScholarshipsMutation();
  const [grantDiscounts] = useGrantDiscountsMutation();
  const set = (changes: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setPreviewing(false);
  };
  const period = concept?.recurrence === 'MONTHLY' ? { period: draft.period } : {};
  const base = { concept_id: draft.conceptId, student_ids: draft.studentIds };
  const discount = () =>
    massiveSpecialDiscountSchema.safeParse({
      ...base,
      ...period,
      reason: draft.reason,
      ...grantBody(draft.discount),
    });

  /** What the form alone can tell is wrong before asking the API, each beside its field. */
  const localProblems = (): Problems => ({
    ...(!concept && { concept: 'Elige un concepto.' }),
    ...(draft.kind !== 'scholarship' &&
      concept?.recurrence === 'MONTHLY' &&
      !draft.period && { period: 'Elige el mes.' }),
    ...(draft.kind === 'scholarship' &&
      basisPoints(draft.percent) === null && {
        percent: 'Escribe un porcentaje entre 0.01 y 100.',
      }),
    ...(draft.kind !== 'assignment' &&
      draft.reason.trim().length < 3 && { reason: 'Escribe el motivo (al menos 3 letras).' }),
    ...(concept && draft.studentIds.length === 0 && { students: 'Elige al menos un alumno.' }),
  });
  /** A discount is checked by its schema too: its value in pesos, beside the fields. */
  const check = (): Problems => {
    const parsed = draft.kind === 'discount' && concept ? discount() : null;
    const schema =
      parsed?.success === false
        ? problemsFrom(parsed.error.issues, fieldsOf('discount'), moneyValue(draft.discount))
        : {};
    return { ...localProblems(), ...schema };
  };

  const confirm = async () => {
    const idempotencyKey = newIdempotencyKey();
    const answer =
      draft.kind === 'discount'
        ? await grantDiscounts({ schoolId, idempotencyKey, body: discount().data! })
        : draft.kind === 'assignment'
          ? await assign({ schoolId, idempotencyKey, body: { ...base, ...period } })
          : draft.kind === 'disassignment'
            ? await disassign({
                schoolId,
                idempotencyKey,
                body: { ...base, ...period, reason: draft.reason },
              })
            : await grant({
                schoolId,
                idempotencyKey,
                body: {
                  ...base,
                  kind: 'PERCENT',
                  basis_points: basisPoints(draft.percent)!,
                  starts_on: todayInMexicoCity(),
                  reason: draft.reason,
                },
              });
    if ('error' in answer) {
      setPreviewing(false);
      return setProblems(problemsOfAnswer(answer.error, fieldsOf(draft.kind)));
    }
    setDraft(start);
    setPreviewing(false);
    onStarted(answer.data.id);
  };

  if (concepts.isLoading) return <Spinner label="Cargando conceptos…" />;
  return (
    <FormColumn
      aria-label="Proceso masivo"
      onSubmit={(e) => {
        e.preventDefault();
        const found = check();
        setProblems(found);
        setPreviewing(Object.keys(found).length === 0);
      }}
    >
      <SelectField
        label="Qué hacer"
        value={draft.kind}
        onChange={(e) => set({ kind: e.target.value as Kind })}
      >
        {kinds.map((k) => (
          <option key={k} value={k}>
            {KIND_OPTIONS[k]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Concepto"
        error={problems.concept}
        value={draft.conceptId}
        onChange={(e) => set({ conceptId: e.target.value, period: '', studentIds: [] })}
      >
        <option value="">Elige un concepto</option>
        {concepts.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {concept?.recurrence === 'MONTHLY' && draft.kind !== 'scholarship' && (
        <SelectField
          label="Mes"
          error={problems.period}
          value={draft.period}
          onChange={(e) => set({ period: e.target.value })}
        >
          <option value="">Elige el mes</option>
          {concept.periods.map((p) => (
            <option key={p} value={p}>
              {formatPeriod(p)}
            </option>
          ))}
        </SelectField>
      )}
      {draft.kind === 'scholarship' && (
        <TextField
          label="Porcentaje de beca"
          error={problems.percent}
          inputMode="decimal"
          value={draft.percent}
          onChange={(e) => set({ percent: e.target.value })}
        />
      )}
      {draft.kind === 'discount' && (
        <GrantValueFields
          kinds={['PERCENT', 'AMOUNT', 'FIXED']}
          value={draft.discount}
          onChange={(d) => set({ discount: d })}
          error={problems.value}
        />
      )}
      {draft.kind !== 'assignment' && (
        <TextField
          label="Motivo"
          error={problems.reason}
          value={draft.reason}
          onChange={(e) => set({ reason: e.target.value })}
        />
      )}
      {concept && (
        <StudentChooser
          key={concept.id}
          schoolId={schoolId}
          level={concept.level}
          chosen={draft.studentIds}
          onChange={(studentIds) => set({ studentIds })}
          error={problems.students}
        />
      )}
      {problems.form && <FormError>{problems.form}</FormError>}
      {previewing && concept ? (
        <>
          <Preview draft={draft} price={concept.price_centavos} />
          <Button onClick={() => void confirm()}>Confirmar</Button>
        </>
      ) : (
        <Button type="submit">Ver vista previa</Button>
      )}
    </FormColumn>
  );
}

/**
 * /dashboard/bill-runs/masivos: massive assignments, disassignments and scholarships (ADR 0040)
 * and discounts (ADR 0088).
 */
export function MassiveJobsPage() {
  const schoolId = useCurrentSchool().school?.id;
  const kinds = useStartableKinds();
  const [jobId, setJobId] = useState<string | null>(null);
  if (!schoolId) return null;
  return (
    <Page title="Procesos masivos" narrow>
      {kinds.length > 0 ? (
        <MassiveJobForm schoolId={schoolId} kinds={kinds} onStarted={setJobId} />
      ) : (
        <p>Tu rol puede consultar el historial, pero no iniciar procesos masivos.</p>
      )}
      {jobId && <MassiveJobProgress key={jobId} schoolId={schoolId} jobId={jobId} />}
      <h2>Historial</h2>
      <MassiveJobHistory schoolId={schoolId} />
    </Page>
  );
}
