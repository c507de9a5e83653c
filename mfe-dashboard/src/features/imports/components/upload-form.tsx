import { useState, type FormEvent } from 'react';
import { STUDENT_IMPORT_MAX_BYTES } from '@cuota/contracts/enrolment/student-import';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';
import { templateUrl, useUploadStudentsMutation } from '../api/imports-api';

const MB = STUDENT_IMPORT_MAX_BYTES / (1024 * 1024);

/** Upload an .xlsx or .csv with the template's columns; the job then runs in the background. */
export function UploadForm({
  schoolId,
  onStarted,
}: {
  schoolId: string;
  onStarted: (jobId: string) => void;
}) {
  const [upload, { isLoading }] = useUploadStudentsMutation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!file) return setError('Elige un archivo .xlsx o .csv.');
    if (file.size > STUDENT_IMPORT_MAX_BYTES) return setError(`El archivo pesa más de ${MB} MB.`);
    try {
      const job = await upload({ schoolId, file }).unwrap();
      onStarted(job.id);
    } catch (err) {
      setError(readError(err).message);
    }
  };

  return (
    <Card title="Importar alumnos desde una hoja de cálculo">
      <p>
        Usa la plantilla (columnas en español: nombre, apellidos, nivel, grupo, curp, matricula…).
        Si un alumno ya existe (misma CURP, matrícula o nombre y fecha de nacimiento) se omite, así
        que puedes subir el mismo archivo otra vez sin duplicar.
      </p>
      <p>
        Descargar plantilla: <a href={templateUrl(schoolId, 'xlsx')}>Excel</a> ·{' '}
        <a href={templateUrl(schoolId, 'csv')}>CSV</a>
      </p>
      <FormColumn onSubmit={submit} noValidate aria-label="Importar alumnos">
        <FormRow>
          <FieldLabel>
            Archivo (.xlsx o .csv, máximo {MB} MB)
            <input
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </FieldLabel>
        </FormRow>
        {error && <FormError>{error}</FormError>}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Subiendo…' : 'Importar'}
        </Button>
      </FormColumn>
    </Card>
  );
}
