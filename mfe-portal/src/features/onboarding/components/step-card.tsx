import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@cuota/ui/button';
import { Card } from '@cuota/ui/card';
import { FormColumn, FormError, FormRow } from '@cuota/ui/form-pieces';

export type StepMode = 'step' | 'edit';

interface Props {
  title: string;
  mode: StepMode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  error: string | null;
  /** The previous step (registration only). */
  onBack?: () => void;
  children: ReactNode;
}

/**
 * One registration step as a card: its fields, the refused save's message, and «Continuar»
 * (with «Atrás») while registering or «Guardar cambios» when editing later.
 */
export function StepCard({ title, mode, onSubmit, saving, error, onBack, children }: Props) {
  return (
    <Card title={title}>
      <FormColumn onSubmit={onSubmit} noValidate>
        {children}
        {error && <FormError>{error}</FormError>}
        <FormRow>
          {mode === 'step' && onBack && (
            <Button variant="secondary" onClick={onBack} disabled={saving}>
              Atrás
            </Button>
          )}
          <Button type="submit" disabled={saving}>
            {saving ? 'Guardando…' : mode === 'step' ? 'Continuar' : 'Guardar cambios'}
          </Button>
        </FormRow>
      </FormColumn>
    </Card>
  );
}
