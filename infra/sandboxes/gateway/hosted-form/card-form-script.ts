// Runs in the family's browser, inside the portal's iframe (bundled by esbuild at start).
// The card number goes only to this gateway's /card/v1/tokens; the parent gets the token.
import { brandOf, cvvLength, hasExpired, passesLuhn } from '../card-number.ts';

type FieldName = 'name' | 'number' | 'expiry' | 'cvv';
type Problems = Partial<Record<FieldName, string>>;

const FIELD_NAMES: FieldName[] = ['name', 'number', 'expiry', 'cvv'];
const form = document.getElementById('card-form') as HTMLFormElement;
const settings = form.dataset;
const parentOrigin = settings.parentOrigin!;
const inputOf = (name: FieldName) => document.getElementById(`card-${name}`) as HTMLInputElement;
const errorOf = (name: FieldName) => document.getElementById(`card-${name}-error`)!;
const brandHint = document.getElementById('card-number-hint')!;
const formStatus = document.getElementById('form-status')!;
const formError = document.getElementById('form-error')!;
const touched = new Set<FieldName>();
// After the first attempt to pay, every field shows its problem, not just the ones left.
let submitted = false;
let busy = false;

const digitsOf = (text: string) => text.replace(/\D/g, '');

function post(message: Record<string, unknown>): void {
  window.parent.postMessage(message, parentOrigin);
}

function expiryOf(text: string): { month: string; year: string } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(text.trim());
  return match ? { month: match[1]!, year: match[2]! } : null;
}

function problems(): Problems {
  const found: Problems = {};
  if (!inputOf('name').value.trim()) found.name = 'Escribe el nombre como aparece en la tarjeta.';
  const number = digitsOf(inputOf('number').value);
  const brand = brandOf(number);
  if (number.length < 13 || !passesLuhn(number)) found.number = 'Revisa el número de tarjeta.';
  else if (!brand) found.number = 'Aceptamos Visa, Mastercard y American Express.';
  const expiry = expiryOf(inputOf('expiry').value);
  if (!expiry) found.expiry = 'Escribe el vencimiento como MM/AA.';
  else if (hasExpired(Number(expiry.month), Number(expiry.year), new Date()))
    found.expiry = 'La tarjeta está vencida.';
  const cvvDigits = brand ? cvvLength(brand) : null;
  const cvv = inputOf('cvv').value;
  if (cvvDigits ? cvv.length !== cvvDigits || !/^\d+$/.test(cvv) : !/^\d{3,4}$/.test(cvv))
    found.cvv = `El código de seguridad lleva ${cvvDigits ?? '3 o 4'} dígitos.`;
  return found;
}

/** Shows the problems of the fields the family already left (of all, once it tried to pay). */
function render(): Problems {
  const found = problems();
  for (const name of FIELD_NAMES) {
    const message = submitted || touched.has(name) ? (found[name] ?? '') : '';
    errorOf(name).textContent = message;
    inputOf(name).setAttribute('aria-invalid', message ? 'true' : 'false');
  }
  brandHint.textContent = brandOf(digitsOf(inputOf('number').value)) ?? '';
  return found;
}

function reportState(): void {
  post({
    type: 'cuota:card-state',
    valid: Object.keys(problems()).length === 0,
    busy,
    height: Math.ceil(document.documentElement.getBoundingClientRect().height),
  });
}

/** Groups the number as it is printed (4-6-5 on American Express, fours otherwise). */
function formatNumber(digits: string): string {
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

function reformat(name: FieldName): void {
  const input = inputOf(name);
  // Only while typing at the end, so editing in the middle keeps the caret where it is.
  if (input.selectionStart !== input.value.length) return;
  if (name === 'number') input.value = formatNumber(digitsOf(input.value).slice(0, 19));
  if (name === 'expiry') {
    const digits = digitsOf(input.value).slice(0, 4);
    input.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  }
  if (name === 'cvv') input.value = digitsOf(input.value).slice(0, 4);
}

function setBusy(value: boolean, status: string): void {
  busy = value;
  for (const name of FIELD_NAMES) inputOf(name).disabled = value;
  formStatus.textContent = status;
  reportState();
}

function fail(message: string): void {
  formError.textContent = message;
  post({ type: 'cuota:card-error', message });
}

async function requestToken(): Promise<void> {
  const number = digitsOf(inputOf('number').value);
  const expiry = expiryOf(inputOf('expiry').value)!;
  const response = await fetch('/card/v1/tokens', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Public-Merchant-Id': settings.publicMerchantId!,
    },
    body: JSON.stringify({
      card: {
        name: inputOf('name').value.trim(),
        number,
        expiryMonth: expiry.month,
        expiryYear: expiry.year,
        cvv: inputOf('cvv').value,
      },
      totalAmount: Number(settings.totalAmount),
      currency: settings.currency,
    }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string; message?: string };
  if (!response.ok || !body.token)
    return fail(body.message ?? 'No pudimos verificar la tarjeta. Intenta de nuevo.');
  post({
    type: 'cuota:card-token',
    token: body.token,
    brand: brandOf(number),
    last4: number.slice(-4),
  });
}

async function submit(): Promise<void> {
  if (busy) return;
  formError.textContent = '';
  submitted = true;
  const found = render();
  const firstWrong = FIELD_NAMES.find((name) => found[name]);
  if (firstWrong) {
    inputOf(firstWrong).focus();
    return fail('Revisa los datos marcados de la tarjeta.');
  }
  setBusy(true, 'Verificando la tarjeta…');
  try {
    await requestToken();
  } catch {
    fail('No pudimos comunicarnos con el procesador de pagos. Intenta de nuevo.');
  } finally {
    setBusy(false, '');
  }
}

for (const name of FIELD_NAMES) {
  const input = inputOf(name);
  input.addEventListener('input', () => {
    reformat(name);
    render();
    reportState();
  });
  input.addEventListener('blur', () => {
    if (input.value) touched.add(name);
    render();
  });
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void submit();
});
// The portal's own "Pagar" button drives the form; only its page may ask.
window.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
  if (event.origin !== parentOrigin || event.source !== window.parent) return;
  if (event.data?.type === 'cuota:card-submit') void submit();
});
new ResizeObserver(reportState).observe(document.documentElement);
reportState();
