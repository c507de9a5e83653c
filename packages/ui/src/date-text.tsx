import styled from 'styled-components';
import { CellNote } from '@cuota/ui/cell-note';
import { formatDate, formatInstant, formatTimeOfDay, todayInMexicoCity } from '@cuota/ui/dates';

/** A calendar date (a due date) on screen, as a <time> machines can read. */
export function DateText({ date, long = false }: { date: string; long?: boolean }) {
  return <time dateTime={date}>{formatDate(date, long ? 'long' : 'medium')}</time>;
}

/** An instant (when something happened), in Mexico City time. */
export function InstantText({ instant }: { instant: string }) {
  return <time dateTime={instant}>{formatInstant(instant)}</time>;
}

const Day = styled.span`
  white-space: nowrap;
`;

/**
 * An instant in a table column beside wide ones: the day kept on one line and its time under
 * it, so that a squeezed column is two lines, never one word per line.
 */
export function InstantInCell({ instant }: { instant: string }) {
  return (
    <time dateTime={instant}>
      <Day>{formatDate(todayInMexicoCity(new Date(instant)))}</Day>
      <CellNote>{formatTimeOfDay(instant)}</CellNote>
    </time>
  );
}
