/**
 * SAT's answer for each folio of a cancellation, as SW publishes the table
 * (infra/sandboxes/pac/published/sw-cancel-folio-codes.json), in words staff can act on.
 */
export const FOLIO_MESSAGES: Record<string, string> = {
  '201': 'Solicitud de cancelación exitosa.',
  '202': 'Folio fiscal previamente cancelado (o con cancelación en proceso).',
  '203': 'El folio fiscal no corresponde al RFC emisor.',
  '204': 'El folio fiscal no es aplicable a cancelación: tiene CFDI relacionados vigentes.',
  '205': 'El SAT no conoce ese folio fiscal; puede tardar hasta 48 horas en registrarlo.',
  '206': 'El UUID no corresponde a un CFDI del sector primario.',
  '207': 'No se especificó el motivo de cancelación o no es válido.',
  '208': 'El folio de sustitución no es válido.',
  '209': 'El motivo de cancelación no lleva folio de sustitución.',
  '210': 'La fecha de solicitud de cancelación es mayor a la fecha de declaración.',
  '211': 'La fecha de solicitud de cancelación rebasa el límite para la factura global.',
  '212': 'Relación no válida o inexistente.',
};
