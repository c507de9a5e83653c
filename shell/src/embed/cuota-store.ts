// `<cuota-store school="…">` (ADR 0093): what a school's own web page loads with one script
// tag (docs/store-embed.md). A Module Federation host of its own, built beside the shell: it
// registers the store remote at the version the BFF points to (the shell's `mfe_store`, ADR
// 0078) and mounts the remote's `embed` module in each element's shadow root. It shares no
// library itself, so the remote brings its own React and the rest; nothing of the school's
// page is read or changed but the element.
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { STORE_EMBED_MODULE, type StoreEmbedModule } from '@cuota/web-core/embed/store-embed';

/** Written by the BFF in front of this script: Cuota's origin and the store's manifest. */
interface EmbedConfig {
  api: string;
  store: string;
}

const { api, store } = (globalThis as { cuotaStoreEmbed?: EmbedConfig }).cuotaStoreEmbed ?? {
  api: '',
  store: '',
};
registerRemotes([{ name: 'mfe_store', entry: new URL(store, api || location.href).href }]);

let storeModule: Promise<StoreEmbedModule> | undefined;
/** One load of the remote for every element on the page. */
function loadStore(): Promise<StoreEmbedModule> {
  storeModule ??= loadRemote<StoreEmbedModule>(STORE_EMBED_MODULE).then((module) => {
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
