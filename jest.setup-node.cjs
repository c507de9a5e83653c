// Every service a Node test starts checks its answers against the endpoint definitions'
// response schemas (packages/service-runtime/src/http/endpoint-handlers.ts).
process.env.CUOTA_CHECK_RESPONSES = '1';
