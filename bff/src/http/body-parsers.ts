import express, { type RequestHandler } from 'express';
import { JSON_LIMIT, jsonBodyParser } from '@cuota/service-runtime/http/json-body';

/** The services' JSON parser: size, charset and nesting checked before parsing (Spanish 4xx). */
export const parseJson: RequestHandler = jsonBodyParser();
/** Auth.js posts forms; flat key=value pairs only. */
export const parseForm: RequestHandler = express.urlencoded({ extended: false, limit: JSON_LIMIT });
