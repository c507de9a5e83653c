import type { CardFormSettings } from '@cuota/contracts/payments/checkout';
import type { Executor } from '@cuota/messaging/transaction';
import { HttpError } from '@cuota/service-runtime/http/http-error';
import type { PaymentsConfig } from '../payments-config';
import type { GatewayEnvironment } from '../schema';
import type { SecretBox } from '../secrets/secret-box';
import {
  currentMerchantOfSchool,
  merchantOfSchool,
  openedCredentials,
  type MerchantCredentials,
  type SealedCredentials,
} from './gateway-credentials-repository';
import { KushkiGateway } from './kushki-gateway';
import { KushkiSubscriptions } from './kushki-subscription';

export const CARD_NOT_ACCEPTED = 'La escuela aún no acepta pagos con tarjeta. Paga en caja.';

export interface SchoolGateway {
  merchant: MerchantCredentials;
  gateway: KushkiGateway;
}

/**
 * Which gateway and merchant a school's card payments use. `use_kushki_sandbox` (from
 * enrolment.school.updated) picks the environment; a school payments has not heard of yet
 * is treated as sandbox, so no real card is ever charged by default (currentMerchantOfSchool).
 */
export class SchoolGateways {
  private readonly db: Executor;
  private readonly box: SecretBox;
  private readonly config: PaymentsConfig;

  constructor(db: Executor, box: SecretBox, config: PaymentsConfig) {
    this.db = db;
    this.box = box;
    this.config = config;
  }

  /** The school's merchant in the given environment; 409 in Spanish when it has none. */
  async of(schoolId: string, environment: GatewayEnvironment): Promise<SchoolGateway> {
    const merchant = await merchantOfSchool(this.db, this.box, schoolId, environment);
    if (!merchant) throw new HttpError(409, 'CONFLICT', CARD_NOT_ACCEPTED);
    return { merchant, gateway: this.gatewayFor(merchant) };
  }

  /** The merchant (and its environment) the school's card payments use now; 409 when none. */
  async current(schoolId: string): Promise<SchoolGateway> {
    return this.accepting(await currentMerchantOfSchool(this.db, this.box, schoolId));
  }

  /** `current` once its merchant was read sealed (`currentMerchantSql`, beside other reads). */
  ofCurrent(sealed: SealedCredentials | null): SchoolGateway {
    return this.accepting(sealed && openedCredentials(this.box, sealed));
  }

  private accepting(merchant: MerchantCredentials | null): SchoolGateway {
    if (!merchant) throw new HttpError(409, 'CONFLICT', CARD_NOT_ACCEPTED);
    return { merchant, gateway: this.gatewayFor(merchant) };
  }

  /**
   * How the portal takes this school's card (ADR 0030): Kushki's own SDK with the school's
   * public merchant id — in Kushki's test environment for a sandbox school — unless the
   * deployment names a hosted form for that environment (the local gateway sandbox's, for
   * development and the browser journeys). 409 in Spanish when the school has no merchant.
   */
  async cardFormOf(schoolId: string): Promise<CardFormSettings> {
    const { merchant } = await this.current(schoolId);
    const { environment } = merchant;
    const formUrl = this.config.cardFormUrls?.[environment];
    const public_merchant_id = merchant.publicMerchantId;
    return formUrl
      ? { kind: 'hosted_form', form_url: formUrl, public_merchant_id }
      : { kind: 'kushki_js', public_merchant_id, in_test: environment === 'sandbox' };
  }

  gatewayFor(merchant: MerchantCredentials): KushkiGateway {
    return new KushkiGateway(
      {
        baseUrl: this.baseUrlOf(merchant),
        publicMerchantId: merchant.publicMerchantId,
        privateMerchantId: merchant.privateMerchantId,
      },
      this.config.gatewayTimeoutMs,
    );
  }

  /** Kushki's card subscriptions as the same merchant (ADR 0070). */
  subscriptionsFor(merchant: MerchantCredentials): KushkiSubscriptions {
    return new KushkiSubscriptions(
      { baseUrl: this.baseUrlOf(merchant), privateMerchantId: merchant.privateMerchantId },
      this.config.gatewayTimeoutMs,
    );
  }

  private baseUrlOf(merchant: MerchantCredentials): string {
    const baseUrl =
      merchant.environment === 'sandbox'
        ? this.config.kushkiSandboxUrl
        : this.config.kushkiProductionUrl;
    if (!baseUrl) throw new HttpError(409, 'CONFLICT', CARD_NOT_ACCEPTED);
    return baseUrl;
  }
}
