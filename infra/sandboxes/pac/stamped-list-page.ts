import type { StampedCfdi, Taxpayer } from './pac-state.ts';

function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STATUS_LABELS: Record<StampedCfdi['status'], string> = {
  vigente: 'Vigente',
  en_proceso: 'Cancelación en proceso',
  cancelado: 'Cancelado',
};

/** A plain page for developers: what the sandbox has stamped and whom it knows. */
export function renderStampedList(stamps: StampedCfdi[], taxpayers: Taxpayer[]): string {
  const rows = stamps
    .map(
      (s) =>
        `<tr><td><a href="/_sandbox/cfdi/${s.uuid}.xml"><code>${s.uuid}</code></a></td><td>${escape(s.fecha_timbrado)}</td><td>${escape(s.emisor_rfc)}</td><td>${escape(s.receptor_rfc)}<br><small>${escape(s.receptor_nombre)}</small></td><td style="text-align:right">$${escape(s.total)}</td><td>${STATUS_LABELS[s.status]}${s.motivo_cancelacion ? ` (motivo ${s.motivo_cancelacion})` : ''}</td></tr>`,
    )
    .join('');
  const table = rows
    ? `<table border="1" cellpadding="6" style="border-collapse:collapse"><thead><tr><th>UUID</th><th>Timbrado</th><th>Emisor</th><th>Receptor</th><th>Total</th><th>Estado</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>Aún no se ha timbrado ningún CFDI.</p>';
  return `<!doctype html><html lang="es"><meta charset="utf-8"><title>PAC de pruebas · Cuota</title><body style="font-family:sans-serif;max-width:70rem;margin:auto"><h1>PAC de pruebas: CFDI timbrados (${stamps.length})</h1>${table}<p>Contribuyentes registrados: ${taxpayers.length} (<a href="/_sandbox/taxpayers">ver</a>).</p></body></html>`;
}
