import styled from 'styled-components';

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.fontSizes.small};
  font-weight: 600;
  select {
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.body};
    min-height: 44px;
    width: 100%;
    padding: ${({ theme }) => `0 ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.medium};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Name = styled.p`
  margin: 0;
  font-weight: 700;
`;

export interface SchoolSwitcherProps {
  schools: { id: string; name: string }[];
  selected: string | null;
  onSelect: (schoolId: string) => void;
}

/** The school being worked on; someone in several schools picks another here. */
export function SchoolSwitcher({ schools, selected, onSelect }: SchoolSwitcherProps) {
  if (schools.length <= 1) {
    return <Name data-testid="frame-school-name">{schools[0]?.name ?? 'Sin escuela'}</Name>;
  }
  return (
    <Field>
      Escuela
      <select value={selected ?? ''} onChange={(event) => onSelect(event.target.value)}>
        {schools.map((school) => (
          <option key={school.id} value={school.id}>
            {school.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
