import { familyOrStaff } from '@cuota/contracts/access/access';
import { defineEndpoint } from '@cuota/contracts/http/endpoint';
import { portalFeaturesSchema } from '@cuota/contracts/enrolment/responses';

/**
 * The portal's feature toggles. The BFF asks on behalf of the signed-in person (their kind
 * decides what is visible), for guardian.featuresToggle and GET /api/v1/portal/features/.
 */
export const portalFeatures = defineEndpoint({
  name: 'enrolment.portal.features',
  method: 'GET',
  path: '/internal/portal-features',
  internal: true,
  domain: 'enrolment',
  surface: 'internal',
  access: familyOrStaff('member'),
  summary: 'Funciones del portal visibles para quien llama',
  spec: {
    capability:
      'Consulta interna del BFF (guardian.featuresToggle y GET /api/v1/portal/features/) en nombre de la persona.',
  },
  response: portalFeaturesSchema,
});

export const PORTAL_ENDPOINTS = [portalFeatures] as const;
