import { endpointKey, type AnyEndpoint } from '@cuota/contracts/http/endpoint';

/**
 * In tests (`CUOTA_CHECK_RESPONSES=1`, set by Jest) every answer of a service or of the BFF is
 * checked against its definition's response schema, so a contract cannot drift.
 */
export function checkedAnswer(endpoint: AnyEndpoint, body: unknown): unknown {
  if (process.env.CUOTA_CHECK_RESPONSES !== '1' || !endpoint.response) return body;
  const parsed = endpoint.response.safeParse(body);
  if (parsed.success) return body;
  throw new Error(
    `${endpointKey(endpoint)} answered outside its response schema: ${parsed.error.message}`,
  );
}

/** An answer already written as JSON text: checked like any other in tests, sent as it is. */
export function checkedJson(endpoint: AnyEndpoint, text: string): string {
  if (process.env.CUOTA_CHECK_RESPONSES === '1') checkedAnswer(endpoint, JSON.parse(text));
  return text;
}
