/**
 * SW sapien (SmarterWeb), a PAC with a REST API, as published (infra/sandboxes/pac/published/):
 * stamp with POST /cfdi33/stamp/v4 (the sealed XML as the multipart part "xml"; the path
 * says cfdi33 but takes CFDI 4.0), cancel with POST /cfdi33/cancel/csd (SW signs SAT's request
 * with the CSD sent), status from SAT's consulta. Every call carries a Bearer token from
 * SwSession; a call SW refuses with 401 is sent once more with a new token.
 */
import type { VerificationFields } from '../../cfdi/verification-url';
import type {
  CancelOutcome,
  CancelRequest,
  PacClient,
  StampOutcome,
  StatusOutcome,
} from '../pac-client';
import { send, type HttpAnswer } from '../pac-http';
import type { PacSettings } from '../pac-settings';
import { consultSat } from '../sat/sat-consulta';
import { cancelOutcomeOf, stampOutcomeOf } from './sw-answers';
import { SwSession, withSlash } from './sw-session';

export class SwPacClient implements PacClient {
  private readonly session: SwSession;

  private readonly settings: PacSettings;

  constructor(settings: PacSettings, now: () => number = Date.now) {
    this.settings = settings;
    this.session = new SwSession(settings, now);
  }

  async stamp(sealedXml: string): Promise<StampOutcome> {
    const form = new FormData();
    form.append('xml', new Blob([sealedXml], { type: 'text/xml' }), 'xml');
    const answer = await this.authorized('cfdi33/stamp/v4', { body: form });
    return stampOutcomeOf(answer);
  }

  async cancel(request: CancelRequest): Promise<CancelOutcome> {
    const body = JSON.stringify({
      uuid: request.uuid,
      password: request.csd.password,
      rfc: request.issuerRfc,
      motivo: request.motive,
      foliosustitucion: request.substituteUuid ?? '',
      b64Cer: Buffer.from(request.csd.cer).toString('base64'),
      b64Key: Buffer.from(request.csd.key).toString('base64'),
    });
    const answer = await this.authorized('cfdi33/cancel/csd', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    return cancelOutcomeOf(answer, request.uuid);
  }

  status(cfdi: VerificationFields): Promise<StatusOutcome> {
    return consultSat(this.settings.satConsultaUrl, cfdi, this.settings.timeoutMs);
  }

  /** POSTs with the session's token; once more with a fresh one if SW refuses it. */
  private async authorized(
    path: string,
    { body, headers }: { body: string | FormData; headers?: Record<string, string> },
  ): Promise<HttpAnswer> {
    const url = new URL(path, withSlash(this.settings.url)).href;
    for (let attempt = 1; ; attempt++) {
      const token = await this.session.token();
      if (token.kind === 'unavailable') return token;
      const answer = await send(
        url,
        { method: 'POST', headers: { ...headers, authorization: `Bearer ${token.token}` }, body },
        this.settings.timeoutMs,
      );
      const refused = answer.kind === 'answered' && answer.status === 401;
      if (!refused || attempt > 1 || !this.session.forget(token.token)) return answer;
    }
  }
}
