// What zod's classic schemas import from core/to-json-schema.js in a browser build (ADR
// 0025): `.toJSONSchema()` and `~standard.jsonSchema` throw when called instead of bundling
// the JSON Schema generator (~3 KB gz) that no page uses. Validation (`parse`,
// `~standard.validate`) is untouched. zod-browser.test.ts checks these names against zod's.
const unavailable = () => {
  throw new Error('JSON Schema generation is not bundled in the browser build (ADR 0025)');
};

export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;
