// Test helper for multipart uploads under `@cuota/web-core/test-support/jsdom-environment`.
// That environment lends Node's Request, but jsdom's own FormData and File are foreign to
// it: a Request built from them sends "[object FormData]". Swapping in Node's FormData,
// File and Blob for one test file makes the bytes a component appends reach the stub.
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';

type Globals = Pick<typeof globalThis, 'FormData' | 'File' | 'Blob'>;

/** Call in beforeAll; returns the function that restores jsdom's classes (for afterAll). */
export async function useNodeFormData(): Promise<() => void> {
  const saved: Globals = { FormData, File, Blob };
  // Node's FormData class is not a global of the jsdom window; a parsed body yields one.
  const parsed = await new Response('', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }).formData();
  Object.assign(globalThis, {
    FormData: parsed.constructor,
    File: NodeFile,
    Blob: NodeBlob,
  });
  return () => Object.assign(globalThis, saved);
}
