/** The provider's sign-in screen, reduced to an e-mail field (the sandbox trusts it). */
export function renderSignInPage(params: URLSearchParams): string {
  const hidden = ['client_id', 'redirect_uri', 'state', 'nonce']
    .map((name) => `<input type="hidden" name="${name}" value="${escape(params.get(name) ?? '')}">`)
    .join('');
  return `<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Proveedor de identidad de pruebas · Cuota</title><body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem"><h1>Inicia sesión (pruebas)</h1><p>Este proveedor de pruebas firma un token de identidad para el correo que escribas.</p><form method="post" action="authorize">${hidden}<label>Correo<br><input type="email" name="email" required autocomplete="email" style="width:100%;font-size:1rem;padding:.5rem"></label><p><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Continuar</button></p></form></body></html>`;
}

export function escape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
