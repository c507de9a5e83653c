import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { EDUCATION_LEVEL_LABELS, EDUCATION_LEVELS } from '@cuota/contracts/enrolment/entities';
import {
  CSD_FILE_MAX_BYTES,
  INVOICE_TIMINGS,
  INVOICE_TIMING_TEXT,
} from '@cuota/contracts/invoicing/fiscal-entities';
import {
  PUBLICO_EN_GENERAL_EXPLANATION,
  PUBLICO_EN_GENERAL_MODES,
  PUBLICO_EN_GENERAL_MODE_LABELS,
} from '@cuota/contracts/invoicing/global-invoice';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FieldGrid, FieldLabel, FormColumn, FormError } from '@cuota/ui/form-pieces';
import { TextField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useSaveFiscalEntityMutation } from '../api/fiscal-entities-api';

/** A group of checkboxes or radios, each a 44 px target. */
const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  border: 0;
  padding: 0;
  margin: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(1)};
    align-items: center;
    min-height: 44px;
  }
`;

const Explained = styled.label`
  && {
    align-items: flex-start;
    flex-basis: 100%;
  }
  input {
    margin-top: 0.3em;
  }
  small {
    display: block;
  }
`;

/**
 * When this razón social invoices. Nothing is preselected: unanswered, a new razón social
 * invoices at payment and a renewed one keeps its choice, so renewing a CSD never switches
 * a school from PPD back to PUE by accident.
 */
function InvoiceTimingChoice() {
  return (
    <Choices>
      <legend>¿Cuándo se factura?</legend>
      {INVOICE_TIMINGS.map((timing) => (
        <Explained key={timing}>
          <input type="radio" name="invoice_timing" value={timing} />
          <span>
            <strong>{INVOICE_TIMING_TEXT[timing].label}</strong>
            <small>{INVOICE_TIMING_TEXT[timing].explanation}</small>
          </span>
        </Explained>
      ))}
      <p>
        Si no eliges, una razón social nueva factura al cobrar y una que renuevas conserva lo que
        tenía.
      </p>
    </Choices>
  );
}

/**
 * How payments of families without valid fiscal data are invoiced (ADR 0042). Nothing is
 * preselected, for the same reason as the timing: renewing a CSD keeps the choice.
 */
function PublicoEnGeneralChoice() {
  return (
    <Choices>
      <legend>Pagos de familias sin datos fiscales (público en general)</legend>
      {PUBLICO_EN_GENERAL_MODES.map((mode) => (
        <Explained key={mode}>
          <input type="radio" name="publico_en_general" value={mode} />
          <span>
            <strong>{PUBLICO_EN_GENERAL_MODE_LABELS[mode]}</strong>
            {mode === 'per_payment' && <small>{PUBLICO_EN_GENERAL_EXPLANATION.per_payment}</small>}
          </span>
        </Explained>
      ))}
      <p>{PUBLICO_EN_GENERAL_EXPLANATION.global}</p>
      <p>
        Si no eliges, una razón social nueva timbra una factura por pago y una que renuevas conserva
        lo que tenía.
      </p>
    </Choices>
  );
}

const CSD_FILES = { cer: '.cer', key: '.key' } as const;
type CsdFiles = Record<keyof typeof CSD_FILES, File | undefined>;

/** The files chosen in the form's inputs (what the browser will upload). */
function chosenFiles(form: HTMLFormElement): CsdFiles {
  const fileOf = (name: string) =>
    (form.elements.namedItem(name) as HTMLInputElement | null)?.files?.[0];
  return { cer: fileOf('cer'), key: fileOf('key') };
}

/** Checked in the browser before upload; the service checks the pair, RFC and validity. */
export function csdFileProblem(files: CsdFiles): string | null {
  for (const [field, extension] of Object.entries(CSD_FILES) as [keyof CsdFiles, string][]) {
    const file = files[field];
    if (!file || file.size === 0) return `Elige el archivo ${extension} del CSD.`;
    if (!file.name.toLowerCase().endsWith(extension))
      return `«${file.name}» no es un archivo ${extension}.`;
    if (file.size > CSD_FILE_MAX_BYTES)
      return `«${file.name}» es demasiado grande para ser un archivo ${extension} del SAT.`;
  }
  return null;
}

/**
 * Registers a razón social with its CSD (.cer, .key and the key's password), or renews the
 * CSD of one already registered (same RFC): folios continue where they were.
 */
export function FiscalEntityForm({ schoolId }: { schoolId: string }) {
  const [save, { isLoading }] = useSaveFiscalEntityMutation();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const files = chosenFiles(element);
    const problem = csdFileProblem(files);
    setSaved(null);
    setError(problem);
    if (problem) return;
    const form = new FormData(element);
    form.set('cer', files.cer!);
    form.set('key', files.key!);
    try {
      const entity = await save({ schoolId, form }).unwrap();
      element.reset();
      setSaved(`Guardamos la razón social ${entity.rfc} con su CSD ${entity.csd.no_certificado}.`);
    } catch (failure) {
      setError(readError(failure).message);
    }
  };

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Registrar razón social y CSD">
      <Card title="Registrar una razón social o renovar su CSD">
        <p>
          Con el mismo RFC se actualizan sus datos y su CSD; los folios siguen donde iban. La llave
          privada y su contraseña se guardan cifradas.
        </p>
        <FieldGrid>
          <TextField label="RFC" name="rfc" autoCapitalize="characters" required />
          <TextField label="Razón social" name="legal_name" required />
          <TextField
            label="Régimen fiscal"
            name="regimen_fiscal"
            hint="Código del SAT, p. ej. 603."
            inputMode="numeric"
            required
          />
          <TextField label="Código postal fiscal" name="postal_code" inputMode="numeric" required />
          <TextField label="Serie" name="series" hint="Letras o números, p. ej. A." required />
        </FieldGrid>
        <Choices>
          <legend>Niveles que factura (ninguno: todos los que no tengan otra razón social)</legend>
          {EDUCATION_LEVELS.map((level) => (
            <label key={level}>
              <input type="checkbox" name="levels" value={level} />
              {EDUCATION_LEVEL_LABELS[level]}
            </label>
          ))}
        </Choices>
        <InvoiceTimingChoice />
        <PublicoEnGeneralChoice />
        <FieldGrid>
          {EDUCATION_LEVELS.map((level) => (
            <TextField
              key={level}
              label={`RVOE de ${EDUCATION_LEVEL_LABELS[level]}`}
              name={`rvoe_${level}`}
            />
          ))}
        </FieldGrid>
      </Card>
      <Card title="Certificado de sello digital (CSD)">
        <FieldGrid>
          <FieldLabel>
            Certificado (.cer)
            <input type="file" name="cer" accept=".cer" required />
          </FieldLabel>
          <FieldLabel>
            Llave privada (.key)
            <input type="file" name="key" accept=".key" required />
          </FieldLabel>
          <TextField
            label="Contraseña de la llave privada"
            name="password"
            type="password"
            autoComplete="off"
            required
          />
        </FieldGrid>
      </Card>
      {error && <FormError>{error}</FormError>}
      {saved && <p role="status">{saved}</p>}
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Revisando el CSD…' : 'Guardar razón social y CSD'}
      </Button>
    </FormColumn>
  );
}
