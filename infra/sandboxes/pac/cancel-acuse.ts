import { toSatDateTime } from './mexico-time.ts';

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * SAT's acuse of a cancellation request, laid out as the published one
 * (published/sw-cancel-csd.json): Fecha with seven fraction digits, RfcEmisor, and per folio
 * its UUID and EstatusUUID. SAT seals the real one (Signature Id="SelloSAT", HMAC-SHA512 with
 * a key only SAT holds); the sandbox's carries no signature.
 */
export function cancellationAcuse(
  rfcEmisor: string,
  uuid: string,
  status: string,
  at: Date,
): string {
  const fecha = `${toSatDateTime(at)}.${String(at.getUTCMilliseconds()).padStart(3, '0')}0000`;
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<Acuse xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"' +
    ` Fecha="${fecha}" RfcEmisor="${escape(rfcEmisor)}">` +
    `<Folios xmlns="http://cancelacfd.sat.gob.mx"><UUID>${escape(uuid.toUpperCase())}</UUID>` +
    `<EstatusUUID>${status}</EstatusUUID></Folios></Acuse>`
  );
}
