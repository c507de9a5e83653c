import { DOMParser } from '@xmldom/xmldom';
import express from 'express';
import type { Cancellations } from './cancellation.ts';
import type { CancellationStatus, PacState, StampedCfdi } from './pac-state.ts';
import { compare, parseDecimal } from './sat-decimal.ts';

/**
 * SAT's Servicio de Consulta de CFDI (published/sat-consulta.json), which SW's SDKs call for
 * a CFDI's status: SOAP 1.1, one operation (Consulta) taking the expresión impresa
 * (?re=…&rr=…&tt=…&id=…&fe=…, or the QR's whole URL) and answering CodigoEstatus, EsCancelable,
 * Estado, EstatusCancelacion and ValidacionEFOS.
 */
export interface ConsultaResult {
  CodigoEstatus: string;
  EsCancelable: string;
  Estado: string;
  EstatusCancelacion: string;
  ValidacionEFOS: string;
}

const FOUND = 'S - Comprobante obtenido satisfactoriamente.';
const NOT_FOUND: ConsultaResult = {
  CodigoEstatus: 'N - 602: Comprobante no encontrado.',
  EsCancelable: '',
  Estado: 'No Encontrado',
  EstatusCancelacion: '',
  ValidacionEFOS: '',
};
const INVALID: ConsultaResult = {
  ...NOT_FOUND,
  CodigoEstatus: 'N - 601: La expresión impresa proporcionada no es válida.',
  Estado: '',
};

const ESTATUS_CANCELACION: Record<CancellationStatus, string> = {
  en_proceso: 'En proceso',
  cancelado_sin_aceptacion: 'Cancelado sin aceptación',
  cancelado_con_aceptacion: 'Cancelado con aceptación',
  plazo_vencido: 'Plazo vencido',
  solicitud_rechazada: 'Solicitud rechazada',
};

const TEMPURI = 'http://tempuri.org/';

/** The expresión impresa of a SOAP Consulta, or undefined when the envelope has none. */
export function expressionOf(envelope: string): string | undefined {
  const document = new DOMParser({ onError: () => {} }).parseFromString(envelope, 'text/xml');
  return document.getElementsByTagNameNS(TEMPURI, 'expresionImpresa')[0]?.textContent ?? undefined;
}

/** re, rr, tt, id (and fe) of an expression; an RFC's & is written &amp; inside it. */
function expressionFields(expression: string): Map<string, string> {
  const query = expression.slice(expression.indexOf('?') + 1).replaceAll('&amp;', '\u0000');
  return new Map(
    query.split('&').map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).toLowerCase(), pair.slice(at + 1).replaceAll('\u0000', '&')];
    }),
  );
}

function sameTotal(a: string, b: string): boolean {
  try {
    return compare(parseDecimal(a), parseDecimal(b)) === 0;
  } catch {
    return false;
  }
}

export function consulta(
  expression: string,
  state: PacState,
  cancellations: Cancellations,
): ConsultaResult {
  const fields = expressionFields(expression);
  const [re, rr, tt, id] = ['re', 'rr', 'tt', 'id'].map((name) => fields.get(name)?.trim());
  if (!re || !rr || !tt || !id) return INVALID;
  cancellations.settle();
  const stamp = state.stamp(id);
  if (!stamp || stamp.emisor_rfc !== re || stamp.receptor_rfc !== rr || !sameTotal(tt, stamp.total))
    return NOT_FOUND;
  return found(stamp, cancellations);
}

function found(stamp: StampedCfdi, cancellations: Cancellations): ConsultaResult {
  return {
    CodigoEstatus: FOUND,
    EsCancelable: cancellations.cancellability(stamp),
    Estado: stamp.status === 'cancelado' ? 'Cancelado' : 'Vigente',
    EstatusCancelacion: stamp.cancellation_status
      ? ESTATUS_CANCELACION[stamp.cancellation_status]
      : '',
    ValidacionEFOS: '200',
  };
}

const escape = (text: string) =>
  text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** The SOAP answer, with the namespaces of the recorded one. */
export function consultaEnvelope(result: ConsultaResult): string {
  const fields = Object.entries(result)
    .map(([name, value]) => `<a:${name}>${escape(value)}</a:${name}>`)
    .join('');
  return (
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>' +
    `<ConsultaResponse xmlns="${TEMPURI}">` +
    '<ConsultaResult xmlns:a="http://schemas.datacontract.org/2004/07/Sat.Cfdi.Negocio.ConsultaCfdi.Servicio"' +
    ` xmlns:i="http://www.w3.org/2001/XMLSchema-instance">${fields}</ConsultaResult>` +
    '</ConsultaResponse></s:Body></s:Envelope>'
  );
}

/** A SOAP 1.1 fault, as WCF answers a request it cannot read. */
export function soapFault(reason: string): string {
  return (
    '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><s:Fault>' +
    `<faultcode>s:Client</faultcode><faultstring xml:lang="es-MX">${escape(reason)}</faultstring>` +
    '</s:Fault></s:Body></s:Envelope>'
  );
}

/** POST /ConsultaCFDIService.svc: public, like SAT's (no token). */
export function satConsultaRoutes(state: PacState, cancellations: Cancellations): express.Router {
  const router = express.Router();
  router.post(
    '/ConsultaCFDIService.svc',
    express.text({ type: () => true, limit: '64kb' }),
    (req, res) => {
      const expression = typeof req.body === 'string' ? expressionOf(req.body) : undefined;
      res.type('text/xml; charset=utf-8');
      if (expression === undefined)
        return void res
          .status(500)
          .send(soapFault('Se esperaba una solicitud Consulta con expresionImpresa.'));
      res.send(consultaEnvelope(consulta(expression, state, cancellations)));
    },
  );
  return router;
}
