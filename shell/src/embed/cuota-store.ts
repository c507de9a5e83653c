// `<cuota-store school="…">` (ADR 0093): what a school's own web page loads with one script
// tag (docs/store-embed.md). A Module Federation host of its own, built beside the shell: it
// registers the store remote's embed build at the version the BFF points to (ADR 0078, 0102)
// and mounts its `embed` module in each element's shadow root. It shares no library, and the
// embed build shares none either: its own React and the rest, tree-shaken; nothing of the school's
// page is read or changed but the element.
import { createInstance } from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime/core';
import {
  STORE_EMBED_MANIFEST,
  STORE_EMBED_MODULE,
  STORE_EMBED_REMOTE,
  type StoreEmbedModule,
} from '@cuota/web-core/embed/store-embed';

/** Written by the BFF in front of this script: Cuota's origin and the store's manifest. */
interface EmbedConfig {
  api: string;
  store: string;
}

const { api, store } = (globalThis as { cuotaStoreEmbed?: EmbedConfig }).cuotaStoreEmbed ?? {
  api: '',
  store: '',
};
// The remote is built with `externalRuntime` (ADR 0025): it takes the runtime-core put here,
// as the shell's runtime plugin puts its own (this host has no bundler plugin: ADR 0102).
Object.assign(globalThis, {
  _FEDERATION_RUNTIME_CORE: runtimeCore,
  _FEDERATION_RUNTIME_CORE_FROM: { name: 'cuota_store_embed', version: '2.9.2' },
});
// The store's embed build, beside the manifest of the version pointed at (ADR 0102).
const storeEntry = new URL(STORE_EMBED_MANIFEST, new URL(store, api || location.href));
const federation = createInstance({
  name: 'cuota_store_embed',
  remotes: [{ name: STORE_EMBED_REMOTE, entry: storeEntry.href }],
});

let storeModule: Promise<StoreEmbedModule> | undefined;
/** One load of the remote for every element on the page. */
function loadStore(): Promise<StoreEmbedModule> {
  storeModule ??= federation.loadRemote<StoreEmbedModule>(STORE_EMBED_MODULE).then((module) => {
    if (!module) throw new Error(`${STORE_EMBED_MODULE} did not load`);
    return module;
  });
  return storeModule;
}

const say = (root: ShadowRoot, role: 'status' | 'alert', text: string) => {
  const line = document.createElement('p');
  line.setAttribute('role', role);
  line.textContent = text;
  root.replaceChildren(line);
};

class CuotaStoreElement extends HTMLElement {
  private unmount: (() => void) | undefined;

  connectedCallback() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const schoolId = this.getAttribute('school') ?? '';
    say(root, 'status', 'Cargando la tienda…');
    loadStore().then(
      (module) => {
        if (this.isConnected && !this.unmount)
          this.unmount = module.mountStore(root, { schoolId, apiOrigin: api });
      },
      () => say(root, 'alert', 'No pudimos cargar la tienda. Recarga la página.'),
    );
  }

  disconnectedCallback() {
    this.unmount?.();
    this.unmount = undefined;
  }
}

if (!customElements.get('cuota-store')) customElements.define('cuota-store', CuotaStoreElement);
