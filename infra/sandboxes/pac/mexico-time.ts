/**
 * A CFDI's Fecha and FechaTimbrado are local times without a zone (t_FechaH,
 * AAAA-MM-DDThh:mm:ss). The sandbox reads and writes them in central Mexico's time, which
 * has been UTC−6 all year since daylight saving ended in 2022.
 */
const OFFSET = '-06:00';
const OFFSET_MS = -6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export function toSatDateTime(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 19);
}

export function fromSatDateTime(text: string): Date {
  return new Date(`${text}${OFFSET}`);
}

/** The instant the business day after `instant`'s local day ends (weekends skipped, not holidays). */
export function endOfNextBusinessDay(instant: Date): Date {
  const localMidnight = fromSatDateTime(`${toSatDateTime(instant).slice(0, 10)}T00:00:00`);
  let next = new Date(localMidnight.getTime() + DAY_MS);
  while ([0, 6].includes(new Date(next.getTime() + OFFSET_MS).getUTCDay()))
    next = new Date(next.getTime() + DAY_MS);
  return new Date(next.getTime() + DAY_MS);
}
