import { useEffect, useState, type FormEvent } from 'react';
import type { Dependent } from '@cuota/contracts/enrolment/responses';
import { TextField } from '@cuota/ui/text-field';
import { errorDetails, readError } from '@cuota/web-core/api/api-error';
import { useGuardianMeQuery } from '@cuota/web-core/api/guardian-api';
import {
  useSaveGuardianMutation,
  useSaveStudentMutation,
  useStudentRecordQuery,
} from '../api/registration-api';
import { orNull, stageAfter, STEP_TITLES } from '../utils/registration-steps';
import type { StepProps } from './profile-step';
import { StepCard } from './step-card';

interface CurpRowProps {
  dependent: Dependent;
  value: string | undefined;
  error: string | null;
  onLoaded: (curp: string) => void;
  onChange: (curp: string) => void;
}

/** One child's CURP, as the school has it until the guardian writes another. */
function CurpRow({ dependent, value, error, onLoaded, onChange }: CurpRowProps) {
  const stored = useStudentRecordQuery(dependent.id).data?.curp;
  useEffect(() => {
    if (stored !== undefined) onLoaded(stored ?? '');
  }, [stored, onLoaded]);
  return (
    <TextField
      label={`CURP de ${dependent.first_name} ${dependent.last_name}`}
      autoCapitalize="characters"
      hint="18 caracteres; está en su acta de nacimiento."
      value={value ?? ''}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * STUDENTS: the guardian confirms the children the school linked to them and their CURPs
 * (a deductible colegiatura's invoice carries it), then the registration is complete.
 */
export function StudentsStep({ guardian, mode, onSaved, onBack }: StepProps) {
  const dependents = useGuardianMeQuery().data?.dependents ?? [];
  const [saveGuardian, guardianSave] = useSaveGuardianMutation();
  const [saveStudent, studentSave] = useSaveStudentMutation();
  const [stored, setStored] = useState<Record<string, string>>({});
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const loaded = (id: string) => (curp: string) =>
    setStored((s) => (s[id] === curp ? s : { ...s, [id]: curp }));

  const saveCurps = async () => {
    const refused: Record<string, string> = {};
    for (const d of dependents) {
      const curp = typed[d.id];
      if (curp === undefined || curp.trim() === (stored[d.id] ?? '')) continue;
      try {
        await saveStudent({
          id: d.id,
          changes: { curp: orNull(curp)?.toUpperCase() ?? null },
        }).unwrap();
      } catch (failure) {
        refused[d.id] = errorDetails(failure)[0]?.message ?? readError(failure).message;
      }
    }
    setErrors(refused);
    return Object.keys(refused).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!(await saveCurps())) return;
    try {
      const changes = mode === 'step' ? { onboarding_stage: stageAfter('STUDENTS') } : {};
      onSaved(await saveGuardian({ id: guardian.id, changes }).unwrap());
    } catch (failure) {
      // A missing CURP is named `students.<id>.curp`: shown under that child's field.
      const missing = Object.fromEntries(
        errorDetails(failure).flatMap((d) => {
          const id = /^students\.(.+)\.curp$/.exec(d.path)?.[1];
          return id ? [[id, d.message]] : [];
        }),
      );
      setErrors(missing);
      if (!Object.keys(missing).length) setMessage(readError(failure).message);
    }
  };

  return (
    <StepCard
      title={STEP_TITLES.STUDENTS}
      mode={mode}
      onSubmit={(e) => void submit(e)}
      saving={guardianSave.isLoading || studentSave.isLoading}
      error={message}
      onBack={onBack}
    >
      {dependents.length ? (
        <>
          <p>Revisa que estos sean tus estudiantes y escribe la CURP de cada uno.</p>
          {dependents.map((d) => (
            <CurpRow
              key={d.id}
              dependent={d}
              value={typed[d.id] ?? stored[d.id]}
              error={errors[d.id] ?? null}
              onLoaded={loaded(d.id)}
              onChange={(curp) => setTyped((t) => ({ ...t, [d.id]: curp }))}
            />
          ))}
          <p>Si falta alguien o un dato no es correcto, avísale a tu escuela.</p>
        </>
      ) : (
        <p>Tu escuela aún no te ha vinculado con tus estudiantes. Puedes terminar tu registro.</p>
      )}
    </StepCard>
  );
}
