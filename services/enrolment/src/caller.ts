import type { AnyEndpoint } from '@cuota/contracts/http/endpoint';
import type { Call } from '@cuota/service-runtime/http/endpoint-handlers';

/** Who calls, as access checks read it from any endpoint's call. */
export type Caller = Pick<Call<AnyEndpoint>, 'caller' | 'requireStaffOf'>;
