import { useEffect, useState, type ChangeEvent } from 'react';
import {
  STUDENT_PHOTO_MAX_BYTES,
  STUDENT_PHOTO_TYPES,
} from '@cuota/contracts/enrolment/student-detail';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { readError } from '@cuota/web-core/api/api-error';
import { FieldLabel, FormError } from '@cuota/ui/form-pieces';
import { useUploadStudentPhotoMutation } from '../api/students-api';

interface Props {
  studentId: string;
  photoUrl: string | null;
  canWrite: boolean;
}

/** The photo; with students.write, choose one, preview it, then upload it. */
export function StudentPhotoCard({ studentId, photoUrl, canWrite }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, state] = useUploadStudentPhotoMutation();
  // Bumped after an upload, so the browser fetches the new bytes behind the same path.
  const [version, setVersion] = useState(0);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setProblem(null);
    if (chosen && chosen.size > STUDENT_PHOTO_MAX_BYTES)
      return setProblem('La imagen pesa más de 2 MB.');
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  };
  const send = async () => {
    if (!file) return;
    const result = await upload({ id: studentId, photo: file });
    if (!('error' in result)) {
      setFile(null);
      setPreview(null);
      setVersion((v) => v + 1);
    }
  };
  const shown = preview ?? (photoUrl ? `${photoUrl}?v=${version}` : null);

  return (
    <Card title="Foto">
      {shown ? (
        <img
          src={shown}
          alt="Foto del alumno"
          width={160}
          height={160}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <p>Sin foto.</p>
      )}
      {canWrite && (
        <>
          <FieldLabel>
            Elegir foto (JPG, PNG o WebP, hasta 2 MB)
            <input type="file" accept={STUDENT_PHOTO_TYPES.join(',')} onChange={choose} />
          </FieldLabel>
          {(problem || state.error) && (
            <FormError>{problem ?? readError(state.error).message}</FormError>
          )}
          <Button disabled={!file || state.isLoading} onClick={send}>
            Subir foto
          </Button>
        </>
      )}
    </Card>
  );
}
