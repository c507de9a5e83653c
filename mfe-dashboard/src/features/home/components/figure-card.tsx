import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '@cuota/ui/card';
import { ErrorState } from '@cuota/ui/error-state';
import { Spinner } from '@cuota/ui/spinner';
import { readError } from '@cuota/web-core/api/api-error';

interface Loaded<T> {
  data?: T;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * One card of Inicio: its title, then its figures once they arrive. A card that fails says
 * so by itself; the rest of Inicio still shows (each reads another service).
 */
export function FigureCard<T>({
  title,
  query,
  wide = false,
  children,
}: {
  title: string;
  query: Loaded<T>;
  /** Takes a whole row of the grid: a table of several money columns needs it. */
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  const body = query.error ? (
    <ErrorState
      title={`No pudimos cargar «${title}»`}
      message={readError(query.error).message}
      onRetry={() => void query.refetch()}
    />
  ) : query.data === undefined ? (
    <Spinner label={`Cargando ${title.toLowerCase()}…`} />
  ) : (
    children(query.data)
  );
  const card = <Card title={title}>{body}</Card>;
  return wide ? <WholeRow>{card}</WholeRow> : card;
}

const WholeRow = styled.div`
  grid-column: 1 / -1;
`;

/** Headline figures side by side, wrapping to one a line on a phone. */
export const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  & dt {
    color: ${({ theme }) => theme.colors.mutedText};
    font-size: ${({ theme }) => theme.fontSizes.small};
  }
  & dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.large};
    font-weight: 600;
    font-variant-numeric: ${({ theme }) => theme.fonts.numbers};
  }
`;

/** Inicio's cards: one column on a phone, two on a wide screen. */
export const CardGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  /* On paper (issue 23: printable): two cards a row on a letter page, none cut by a page
     break, and the charts' bars in their colours (printing drops backgrounds by default). */
  @media print {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    & > * {
      break-inside: avoid;
      print-color-adjust: exact;
    }
  }
`;
