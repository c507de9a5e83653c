// jsdom has no fetch API and no TextEncoder (react-router needs it). Tests that render
// routes or reach the network boundary (RTK Query, tRPC, the auth helpers) select this
// environment with a `@jest-environment` docblock: it lends them Node's own
// Request/Response/Headers, streams and encoders, and a `fetch` that fails until a test
// stubs it, so no test can reach a real server by accident.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  // Node's Request accepts only Node's AbortSignal (RTK Query passes one per request).
  'AbortController',
  'AbortSignal',
];

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
    this.global.Request = relativeToPage(globalThis.Request, this.global);
    this.global.fetch = () => Promise.reject(new Error('fetch is not stubbed in this test'));
  }
}

/** A browser resolves `new Request('/api/…')` against the page; Node's Request cannot. */
function relativeToPage(NodeRequest, window) {
  return class Request extends NodeRequest {
    constructor(input, init) {
      const relative = typeof input === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(input);
      super(relative ? new URL(input, window.location.href).href : input, init);
    }
  };
}

module.exports = JsdomWithFetchEnvironment;
