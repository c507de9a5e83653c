// What the page shares as `zod` (ADR 0025): the `z` that contracts and the apps use as a value
// (schema builders, coercion, ISO formats, NEVER, config and the Spanish locale), from zod's
// classic build without its other locales. One copy for the shell and every remote: a remote's
// first screen that parses with a contract the shell does not provide used to load a second
// zod (~23 KB gz). shared-facades.test.ts fails when a `z.<name>` used as a value is missing.
import {
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  email,
  enum as enumOf,
  iso,
  literal,
  looseObject,
  NEVER,
  null as nullOf,
  number,
  object,
  partialRecord,
  preprocess,
  record,
  strictObject,
  string,
  union,
  unknown,
  url,
  uuid,
} from 'zod-classic-build';
import es from 'zod-spanish-build';

export const z = {
  array,
  boolean,
  coerce,
  config,
  discriminatedUnion,
  email,
  enum: enumOf,
  iso,
  literal,
  locales: { es },
  looseObject,
  NEVER,
  null: nullOf,
  number,
  object,
  partialRecord,
  preprocess,
  record,
  strictObject,
  string,
  union,
  unknown,
  url,
  uuid,
};
