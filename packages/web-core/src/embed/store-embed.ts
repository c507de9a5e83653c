/**
 * What the store remote exposes as `mfe_store/embed` for `<cuota-store>` (ADR 0093): the host
 * script on the school's page loads it through the federation runtime and mounts it in each
 * element's shadow root. Shared by both sides as types only.
 */
export const STORE_EMBED_MODULE = 'mfe_store/embed';

export interface StoreEmbedOptions {
  schoolId: string;
  /** Cuota's origin, where the embed script came from: every call goes there. */
  apiOrigin: string;
}

export interface StoreEmbedModule {
  /** Draws the school's store inside `root`; the function it returns takes it down. */
  mountStore(root: ShadowRoot, options: StoreEmbedOptions): () => void;
}
