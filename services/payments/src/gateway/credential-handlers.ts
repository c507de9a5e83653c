import {
  listGatewayCredentials,
  listPayinCredentials,
} from '@cuota/contracts/payments/endpoints/gateway-credentials';
import {
  MASKED_SECRET,
  type GatewayCredential,
  type PayinCredential,
} from '@cuota/contracts/payments/gateway-credentials';
import { implement } from '@cuota/service-runtime/http/endpoint-handlers';
import type { PaymentsDeps } from '../payments-deps';
import type { GatewayEnvironment } from '../schema';
import { schoolsByName, type SchoolRow } from '../schools/school-repository';
import { credentialsForOperators, type OperatorCredential } from './gateway-credentials-repository';

/**
 * Operators' view of the schools' gateway merchants (ADR 0045): every stored merchant, and
 * per school the one its card payments use now (none: the school takes no cards). Secrets
 * are masked constants: the sealed columns are never read to answer.
 */
export function credentialHandlers(deps: PaymentsDeps) {
  const read = async (schoolId?: string) => {
    const [known, credentials] = await Promise.all([
      schoolsByName(deps.db, schoolId),
      credentialsForOperators(deps.db, schoolId),
    ]);
    return { schools: new Map(known.map((s) => [s.schoolId, s])), credentials };
  };
  return [
    implement(listGatewayCredentials, async ({ query }) => {
      const { schools, credentials } = await read(query.school_id);
      return { results: credentials.map((c) => credentialView(c, schools.get(c.schoolId))) };
    }),

    implement(listPayinCredentials, async ({ query }) => {
      const { schools, credentials } = await read(query.school_id);
      const results: PayinCredential[] = [...schools.values()].map((school) => {
        const environment = environmentOf(school);
        const card = credentials.find(
          (c) => c.schoolId === school.schoolId && c.environment === environment,
        );
        const view = card ? credentialView(card, school) : null;
        return {
          school_id: school.schoolId,
          school_name: school.name,
          environment,
          card: view && {
            environment: view.environment,
            in_use: view.in_use,
            merchant_id: view.merchant_id,
            public_merchant_id: view.public_merchant_id,
            private_merchant_id: view.private_merchant_id,
            webhook_secret: view.webhook_secret,
            updated_at: view.updated_at,
          },
        };
      });
      return { results };
    }),
  ];
}

const environmentOf = (school: SchoolRow): GatewayEnvironment =>
  school.useKushkiSandbox ? 'sandbox' : 'production';

const credentialView = (c: OperatorCredential, school?: SchoolRow): GatewayCredential => ({
  school_id: c.schoolId,
  school_name: school?.name ?? null,
  environment: c.environment,
  in_use: school !== undefined && environmentOf(school) === c.environment,
  merchant_id: c.merchantId,
  public_merchant_id: c.publicMerchantId,
  private_merchant_id: MASKED_SECRET,
  webhook_secret: MASKED_SECRET,
  updated_at: c.updatedAt.toISOString(),
});
