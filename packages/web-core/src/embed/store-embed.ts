/**
 * What the store remote's embed build (its dist/embed/, ADR 0102) exposes for `<cuota-store>`
 * (ADR 0093): the host script on the school's page loads it through the federation runtime and
 * mounts it in each element's shadow root. Shared by both sides as types only.
 */
export const STORE_EMBED_REMOTE = 'mfe_store_embed';
export const STORE_EMBED_MODULE = `${STORE_EMBED_REMOTE}/embed`;
/** Where the embed build sits, beside the store remote's own manifest. */
export const STORE_EMBED_MANIFEST = 'embed/mf-manifest.json';

export interface StoreEmbedOptions {
  schoolId: string;
  /** Cuota's origin, where the embed script came from: every call goes there. */
  apiOrigin: string;
}

export interface StoreEmbedModule {
  /** Draws the school's store inside `root`; the function it returns takes it down. */
  mountStore(root: ShadowRoot, options: StoreEmbedOptions): () => void;
}
