import { formatPesos } from '../money.ts';

export interface CardFormSettings {
  publicMerchantId: string;
  totalCentavos: number;
  currency: string;
  parentOrigin: string;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(body: string, withScript: boolean): string {
  return `<!doctype html>
<html lang="es-MX">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Datos de la tarjeta</title>
<link rel="stylesheet" href="/hosted/card-form.css">
</head>
<body>
${body}
${withScript ? '<script src="/hosted/card-form.js" defer></script>' : ''}
</body>
</html>`;
}

/** A labelled input with a hint (the script fills the card number's with its brand) and an error. */
function field(id: string, label: string, attributes: string, hint = ''): string {
  return `<div class="field">
  <label for="${id}">${label}</label>
  <input id="${id}" ${attributes} aria-describedby="${id}-hint ${id}-error" aria-invalid="false">
  <p id="${id}-hint" class="hint" aria-live="polite">${hint}</p>
  <p id="${id}-error" class="field-error"></p>
</div>`;
}

/**
 * The card fields the portal frames: everything the family types stays in this page, which
 * tokenises it against this gateway and hands the parent only the token, brand and last four.
 */
export function cardFormPage(settings: CardFormSettings): string {
  const pesos = (settings.totalCentavos / 100).toFixed(2);
  return page(
    `<form id="card-form" novalidate
  data-public-merchant-id="${escape(settings.publicMerchantId)}"
  data-total-amount="${pesos}"
  data-currency="${escape(settings.currency)}"
  data-parent-origin="${escape(settings.parentOrigin)}">
<p class="total">Total a pagar: <strong>${formatPesos(settings.totalCentavos)} ${escape(settings.currency)}</strong></p>
${field('card-name', 'Nombre como aparece en la tarjeta', 'name="name" autocomplete="cc-name" autocapitalize="characters" spellcheck="false" maxlength="100" required')}
${field('card-number', 'Número de tarjeta', 'name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
<div class="row">
${field('card-expiry', 'Vencimiento (MM/AA)', 'name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="5" required')}
${field('card-cvv', 'Código de seguridad', 'name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required', '3 dígitos al reverso; 4 al frente en American Express.')}
</div>
<p id="form-status" class="status" role="status"></p>
<p id="form-error" class="form-error" role="alert"></p>
<button type="submit" class="visually-hidden" tabindex="-1">Pagar</button>
</form>`,
    true,
  );
}

/** Shown inside the frame when the portal asked for the form wrongly. */
export function cardFormErrorPage(message: string): string {
  return page(`<p class="form-error" role="alert">${escape(message)}</p>`, false);
}
