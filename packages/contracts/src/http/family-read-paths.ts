/**
 * The paths of the family reads a portal page starts with, written once: their endpoint
 * definitions use them, and the shell's first chunk asks for them ahead of the page's code
 * without loading the definitions' schemas (ADR 0060).
 */
export const FAMILY_READ_PATHS = {
  fulfillments: '/api/v1/schools/{id}/fulfillments/',
  credit: '/api/v1/schools/{id}/credit/',
  cardForm: '/api/v1/schools/{id}/card_form/',
  payins: '/api/v1/schools/{id}/payins/',
  transferReports: '/api/v1/schools/{id}/transfer-reports/',
  subscriptions: '/api/v1/schools/{id}/subscriptions/',
  subscribableConcepts: '/api/v1/schools/{id}/subscriptions/concepts/',
  cardSubscriptions: '/api/v1/schools/{id}/card_subscriptions/',
} as const;
