// What zod's classic schemas import from core/json-schema-processors.js in a browser build
// (ADR 0025): the checks' summary behind `.minLength`, `.format`… stays zod's own; the
// processors that turn a schema into JSON Schema (`.toJSONSchema()`, ~4 KB gz), which no page
// uses, throw instead. zod-browser.test.ts checks these names against zod's.
export { aggregateChecks } from 'zod-json-schema-processors-build';

const unavailable = () => {
  throw new Error('JSON Schema generation is not bundled in the browser build (ADR 0025)');
};

export {
  unavailable as anyProcessor,
  unavailable as arrayProcessor,
  unavailable as bigintProcessor,
  unavailable as booleanProcessor,
  unavailable as catchProcessor,
  unavailable as customProcessor,
  unavailable as dateProcessor,
  unavailable as defaultProcessor,
  unavailable as enumProcessor,
  unavailable as fileProcessor,
  unavailable as functionProcessor,
  unavailable as intersectionProcessor,
  unavailable as lazyProcessor,
  unavailable as literalProcessor,
  unavailable as mapProcessor,
  unavailable as nanProcessor,
  unavailable as neverProcessor,
  unavailable as nonoptionalProcessor,
  unavailable as nullProcessor,
  unavailable as nullableProcessor,
  unavailable as numberProcessor,
  unavailable as objectProcessor,
  unavailable as optionalProcessor,
  unavailable as pipeProcessor,
  unavailable as prefaultProcessor,
  unavailable as promiseProcessor,
  unavailable as readonlyProcessor,
  unavailable as recordProcessor,
  unavailable as setProcessor,
  unavailable as stringProcessor,
  unavailable as successProcessor,
  unavailable as symbolProcessor,
  unavailable as templateLiteralProcessor,
  unavailable as transformProcessor,
  unavailable as tupleProcessor,
  unavailable as undefinedProcessor,
  unavailable as unionProcessor,
  unavailable as unknownProcessor,
  unavailable as voidProcessor,
};
