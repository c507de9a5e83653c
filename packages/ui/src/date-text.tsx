import { formatDate, formatInstant } from '@cuota/ui/dates';

/** A calendar date (a due date) on screen, as a <time> machines can read. */
export function DateText({ date, long = false }: { date: string; long?: boolean }) {
  return <time dateTime={date}>{formatDate(date, long ? 'long' : 'medium')}</time>;
}

/** An instant (when something happened), in Mexico City time. */
export function InstantText({ instant }: { instant: string }) {
  return <time dateTime={instant}>{formatInstant(instant)}</time>;
}
