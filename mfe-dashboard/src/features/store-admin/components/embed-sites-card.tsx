import { useState } from 'react';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormError } from '@cuota/ui/form-pieces';
import { TextAreaField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useGrant } from '@cuota/web-core/session/use-grant';
import { useEmbedSitesQuery, useSaveEmbedSitesMutation } from '../api/embed-sites-api';

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** «Sitios con la tienda»: the school's web sites that may embed its store (ADR 0066, 0067). */
export function EmbedSitesCard({ schoolId }: { schoolId: string }) {
  const canWrite = useGrant('school.write');
  const { data } = useEmbedSitesQuery(schoolId);
  const [save, saving] = useSaveEmbedSitesMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? data?.origins.join('\n') ?? '';

  async function submit() {
    const answer = await save({ schoolId, origins: lines(text) });
    if (!('error' in answer)) setDraft(null);
  }

  return (
    <Card title="Sitios con la tienda">
      <p>
        Direcciones de los sitios web de la escuela que pueden mostrar esta tienda (iframe o
        elemento &lt;cuota-store&gt;). Una por línea, como https://www.tuescuela.mx.
      </p>
      <TextAreaField
        label="Sitios registrados"
        value={text}
        rows={4}
        disabled={!canWrite}
        onChange={(e) => setDraft(e.target.value)}
      />
      {saving.error && <FormError>{readError(saving.error).message}</FormError>}
      <Button disabled={!canWrite || saving.isLoading} onClick={() => void submit()}>
        {saving.isLoading ? 'Guardando…' : 'Guardar sitios'}
      </Button>
    </Card>
  );
}
