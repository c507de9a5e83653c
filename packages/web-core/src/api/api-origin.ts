/**
 * Where the API is when it is not the page's own origin: `<cuota-store>` runs the store
 * remote inside a school's web page (ADR 0093), and its calls go to the Cuota origin the
 * embed script came from. Unset (the shell's pages), every URL stays relative.
 */
let apiOrigin = '';

/** Called once by the embed before anything is requested. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}

/** A path on the API's origin: relative on Cuota's own pages, absolute inside an embed. */
export const onApiOrigin = (path: string): string => apiOrigin + path;
