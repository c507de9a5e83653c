/**
 * SAT's Servicio de Consulta de CFDI (infra/sandboxes/pac/published/sat-consulta.json), which
 * SW's SDKs call for a CFDI's status: SOAP 1.1, Consulta(expresionImpresa) answering
 * CodigoEstatus, Estado, EsCancelable and EstatusCancelacion. It belongs to SAT, not to the
 * PAC, so any provider's client can use it.
 */
import { create } from 'xmlbuilder2';
import { verificationUrlOf, type VerificationFields } from '../../cfdi/verification-url';
import type { StatusOutcome } from '../pac-client';
import { send, type HttpAnswer } from '../pac-http';

const TEMPURI = 'http://tempuri.org/';
const SOAP_ACTION = 'http://tempuri.org/IConsultaCFDIService/Consulta';

/** The request, as SW's PHP SDK writes it; the expression is the QR's own URL (CFDI 4.0). */
export function consultaRequest(cfdi: VerificationFields): string {
  return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:tem="${TEMPURI}"><soapenv:Header/><soapenv:Body><tem:Consulta><tem:expresionImpresa><![CDATA[${verificationUrlOf(cfdi)}]]></tem:expresionImpresa></tem:Consulta></soapenv:Body></soapenv:Envelope>`;
}

export async function consultSat(
  url: string,
  cfdi: VerificationFields,
  timeoutMs: number,
): Promise<StatusOutcome> {
  const answer = await send(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: SOAP_ACTION },
      body: consultaRequest(cfdi),
    },
    timeoutMs,
  );
  return statusOutcomeOf(answer);
}

/** The slice of the DOM (xmlbuilder2's parser) this reader uses. */
interface Element {
  readonly nodeType: number;
  readonly localName: string;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<Element>;
  getElementsByTagNameNS(namespace: string, localName: string): ArrayLike<Element>;
}

/** ConsultaResult's fields by name, or undefined when the answer is not one. */
function resultFields(xml: string): Map<string, string> | undefined {
  try {
    const root = create(xml).root().node as unknown as Element;
    const result = root.getElementsByTagNameNS(TEMPURI, 'ConsultaResult')[0];
    if (!result) return undefined;
    return new Map(
      Array.from(result.childNodes)
        .filter((node) => node.nodeType === 1)
        .map((node) => [node.localName, (node.textContent ?? '').trim()]),
    );
  } catch {
    return undefined;
  }
}

/** SAT writes its words with and without accents; compared without them. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const CANCELLABLE = {
  'cancelable sin aceptacion': 'without_acceptance',
  'cancelable con aceptacion': 'with_acceptance',
  'no cancelable': 'not_cancellable',
} as const;

const CANCELLATION = {
  '': 'none',
  'en proceso': 'in_process',
  'cancelado sin aceptacion': 'cancelled_without_acceptance',
  'cancelado con aceptacion': 'cancelled_with_acceptance',
  'plazo vencido': 'expired_acceptance',
  'solicitud rechazada': 'rejected',
} as const;

const STATE = { vigente: 'active', cancelado: 'cancelled' } as const;

export function statusOutcomeOf(answer: HttpAnswer): StatusOutcome {
  if (answer.kind === 'unavailable') return answer;
  const fields = answer.status === 200 ? resultFields(answer.text) : undefined;
  if (!fields)
    return {
      kind: 'unavailable',
      reason: `el SAT no respondió la consulta (HTTP ${answer.status})`,
    };
  const code = fields.get('CodigoEstatus') ?? '';
  const state = STATE[plain(fields.get('Estado') ?? '') as keyof typeof STATE];
  if (!code.startsWith('S - ') || !state) return { kind: 'not_found', code };
  const cancellable =
    CANCELLABLE[plain(fields.get('EsCancelable') ?? '') as keyof typeof CANCELLABLE];
  const cancellation =
    CANCELLATION[plain(fields.get('EstatusCancelacion') ?? '') as keyof typeof CANCELLATION];
  if (!cancellable || !cancellation)
    return { kind: 'unavailable', reason: 'respuesta del SAT con valores desconocidos' };
  return { kind: 'found', state, cancellable, cancellation };
}
