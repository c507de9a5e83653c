import type { Request } from 'express';
import { SwError, swMessage } from './sw-envelope.ts';
import { SAT_MESSAGES } from './sat-rejections.ts';

const NO_XML_PART = new SwError(
  400,
  swMessage('301', SAT_MESSAGES['301']),
  'Se esperaba multipart/form-data con el comprobante en la parte "xml".',
);

/**
 * The sealed CFDI from SW's multipart request: the part named "xml" (published/sw-stamp-v4.json).
 * Parsed with the platform's own multipart reader (the Fetch API's FormData).
 */
export async function xmlPart(req: Request): Promise<string> {
  const type = req.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) || !Buffer.isBuffer(req.body)) throw NO_XML_PART;
  const form = await new Response(req.body, { headers: { 'content-type': type } })
    .formData()
    .catch(() => undefined);
  const part = form?.get('xml');
  const xml = typeof part === 'string' ? part : await part?.text();
  if (!xml?.trim()) throw NO_XML_PART;
  return xml;
}
