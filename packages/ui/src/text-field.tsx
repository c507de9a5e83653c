import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import styled, { css } from 'styled-components';

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
`;

const Label = styled.label`
  font-weight: 600;
`;

const control = css<{ $invalid: boolean }>`
  min-height: 44px;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  font: inherit;
  border-radius: ${({ theme }) => theme.radii.medium};
  border: 1px solid
    ${({ theme, $invalid }) => ($invalid ? theme.colors.error : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surface};
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${control}
`;

const SelectControl = styled.select<{ $invalid: boolean }>`
  ${control}
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedText};
  font-size: 0.875rem;
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error};
  font-size: 0.875rem;
`;

const TextArea = styled.textarea<{ $invalid: boolean }>`
  ${control}
  resize: vertical;
  line-height: 1.5;
`;

interface FieldTexts {
  label: string;
  hint?: string;
  error?: string | null;
}

/** What a control needs to be named and described by its field's label, hint and error. */
interface ControlProps {
  id: string;
  $invalid: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The label, the hint and the error around one control, wired to it. */
function LabelledField({
  label,
  hint,
  error,
  control,
}: FieldTexts & {
  control: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {control({
        id,
        $invalid: !!error,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Field>
  );
}

export interface TextFieldProps
  extends FieldTexts, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {}

/** A labelled input whose hint and error are announced with it. */
export function TextField({ label, hint, error, ...inputProps }: TextFieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      control={(control) => <Input {...control} {...inputProps} />}
    />
  );
}

export interface TextAreaFieldProps
  extends FieldTexts, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

/** TextField for long text (several lines, resizable in height). */
export function TextAreaField({ label, hint, error, ...areaProps }: TextAreaFieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      control={(control) => <TextArea {...control} {...areaProps} />}
    />
  );
}

export interface SelectFieldProps
  extends FieldTexts, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  children: ReactNode;
}

/** A labelled list of options whose hint and error are announced with it. */
export function SelectField({ label, hint, error, children, ...selectProps }: SelectFieldProps) {
  return (
    <LabelledField
      label={label}
      hint={hint}
      error={error}
      control={(control) => (
        <SelectControl {...control} {...selectProps}>
          {children}
        </SelectControl>
      )}
    />
  );
}
