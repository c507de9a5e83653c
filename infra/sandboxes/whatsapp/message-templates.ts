/**
 * The message templates the sandbox's business account has approved (Meta approves each one
 * with its language and the number of `{{n}}` variables of its body). Notifications may send
 * only these; anything else is refused as the Cloud API refuses it.
 */
export interface ApprovedTemplate {
  language: string;
  /** The body with `{{1}}`…`{{n}}`, as Business Manager shows it. */
  body: string;
}

export const APPROVED_TEMPLATES: Record<string, ApprovedTemplate> = {
  recordatorio_pago: {
    language: 'es_MX',
    body: 'Hola, {{1}}: te recordamos que el pago de {{2}} {{3}}. Importe pendiente: {{4}}. Entra a tu portal: {{5}}',
  },
  pago_recibido: {
    language: 'es_MX',
    body: 'Hola, {{1}}: recibimos tu pago de {{2}}. Se aplicó a: {{3}}. ¡Gracias! {{4}}',
  },
  completa_registro: {
    language: 'es_MX',
    body: 'Hola, {{1}}: {{2}} te invita a terminar tu registro en el portal de pagos. Entra aquí: {{3}}',
  },
  corrige_datos_fiscales: {
    language: 'es_MX',
    body: 'Hola, {{1}}: el SAT no aceptaría tus facturas con estos datos: {{2}}. Corrígelos aquí: {{3}}',
  },
  referencia_pago: {
    language: 'es_MX',
    body: 'Hola, {{1}}: para pagar {{2}}, {{3}}. Paga antes del {{4}} (hora del centro de México). Tu portal: {{5}}',
  },
};

export const variablesOf = (template: ApprovedTemplate) =>
  new Set(template.body.match(/\{\{\d+\}\}/g)).size;

/** The text the family reads: the body with its variables filled in. */
export const renderTemplate = (template: ApprovedTemplate, values: string[]) =>
  template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
