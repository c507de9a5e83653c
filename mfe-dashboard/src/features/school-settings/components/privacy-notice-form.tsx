import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn, FormError } from '@cuota/ui/form-pieces';
import { TextAreaField } from '@cuota/ui/text-field';
import { readError } from '@cuota/web-core/api/api-error';
import { useToast } from '@cuota/web-core/toast/use-toast';
import { useUpdateSchoolMutation } from '../api/school-settings-api';
import { privacyNoticeFormSchema, type PrivacyNoticeFormValues } from '../utils/school-form';

export const PRIVACY_NOTICE_SAVED = 'Guardamos el aviso de privacidad.';

/**
 * The school's own privacy notice, which the store shows to families instead of the default
 * one; saved by itself (a PATCH with only `privacy_notice`). Empty brings the default back.
 */
export function PrivacyNoticeForm({
  schoolId,
  notice,
  canEdit,
}: {
  schoolId: string;
  notice: string | null;
  canEdit: boolean;
}) {
  const [update, { isLoading }] = useUpdateSchoolMutation();
  const { toast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control } = useForm<PrivacyNoticeFormValues>({
    resolver: zodResolver(privacyNoticeFormSchema),
    defaultValues: { privacy_notice: notice ?? '' },
  });
  const length = useWatch({ control, name: 'privacy_notice' }).trim().length;

  const submit = handleSubmit(async ({ privacy_notice }) => {
    setServerError(null);
    const form = new FormData();
    form.append('privacy_notice', privacy_notice);
    try {
      await update({ schoolId, form }).unwrap();
      toast({ title: PRIVACY_NOTICE_SAVED });
    } catch (error) {
      setServerError(readError(error).message);
    }
  });

  return (
    <FormColumn onSubmit={submit} noValidate aria-label="Aviso de privacidad">
      <Card title="Aviso de privacidad">
        <TextAreaField
          label="Texto del aviso de privacidad"
          hint={`Las familias lo leen en la tienda al registrarse; vacío, verán el aviso predeterminado. De 200 a 20,000 caracteres (${length.toLocaleString('es-MX')} escritos).`}
          rows={12}
          error={formState.errors.privacy_notice?.message ?? null}
          disabled={!canEdit}
          {...register('privacy_notice')}
        />
        {serverError && <FormError>{serverError}</FormError>}
        {canEdit && (
          <div>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? 'Guardando…' : 'Guardar aviso de privacidad'}
            </Button>
          </div>
        )}
      </Card>
    </FormColumn>
  );
}
