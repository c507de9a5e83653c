import styled from 'styled-components';
import { Button } from '@cuota/ui/button';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding-top: ${({ theme }) => theme.space(3)};
`;

export interface PaginationProps {
  /** 1-based. */
  page: number;
  /** Null when the total is not known (a capped count): "Siguiente" then asks `hasNext`. */
  pageCount: number | null;
  hasNext?: boolean;
  onPageChange: (page: number) => void;
  /** Names the navigation, e.g. "Páginas de alumnos". */
  label?: string;
}

/** Previous and next page, and where we are, announced when it changes. */
export function Pagination(props: PaginationProps) {
  const { page, pageCount, onPageChange, label = 'Páginas' } = props;
  const hasNext = pageCount === null ? !!props.hasNext : page < pageCount;
  return (
    <Nav aria-label={label}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Anterior
      </Button>
      <span aria-live="polite">
        Página {page.toLocaleString('es-MX')}
        {pageCount !== null && ` de ${pageCount.toLocaleString('es-MX')}`}
      </span>
      <Button variant="secondary" disabled={!hasNext} onClick={() => onPageChange(page + 1)}>
        Siguiente
      </Button>
    </Nav>
  );
}
