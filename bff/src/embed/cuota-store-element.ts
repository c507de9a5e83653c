import { onlineStore } from '@cuota/contracts/billing/endpoints/store';

/**
 * `<cuota-store school="…">` (ADR 0067): what a school's own web page loads from Cuota with
 * one script tag. Everything lives in the element's shadow root (its styles never leak into
 * the page, the page's never into it). It reads the school's public catalogue from the
 * script's own origin (CORS answers only the school's registered sites: anywhere else it
 * says so) and keeps the cart in the page's local storage; paying opens the store's own page
 * at the top level with the cart, so no card field, cookie or session ever lives in the
 * school's page.
 *
 * Sent to browsers as its source text (`cuotaStoreScript`), so it must stay self-contained:
 * no imports, nothing from outside the function; the catalogue's path comes in as an argument
 * from its endpoint definition.
 */
export function defineCuotaStore(api: string, cataloguePath: string): void {
  // The BFF compiles without the DOM's types: the few it uses are named in `Dom` below.
  const { customElements, document, localStorage, HTMLElement } = globalThis as unknown as Dom;
  type Variant = {
    id: string;
    size: string | null;
    colour: string | null;
    available: number | null;
  };
  type Item = { id: string; name: string; price_centavos: number; variants: Variant[] };
  type Line = { variant_id: string; quantity: number };
  if (customElements.get('cuota-store')) return;
  const money = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });
  // Whole centavos to the decimal text Intl formats exactly (no float holds the amount).
  const pesos = (c: number) =>
    money.format(`${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}` as `${number}`);
  const label = (v: Variant) =>
    [v.size && `Talla ${v.size}`, v.colour].filter(Boolean).join(' · ') || 'Única';
  const STYLE = `:host{display:block;font:16px/1.5 system-ui,sans-serif;color:#1f2933}
    *{box-sizing:border-box}ul{list-style:none;margin:0;padding:0;display:grid;gap:12px;
    grid-template-columns:repeat(auto-fill,minmax(min(100%,240px),1fr))}
    li.item{border:1px solid #d5dbe1;border-radius:12px;padding:16px}h3{margin:0 0 4px}
    .variant{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:space-between;margin-top:8px}
    button,a.pay{min-height:44px;padding:8px 16px;border-radius:8px;border:1px solid #1d4ed8;
    background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
    button[aria-pressed=true]{background:#fff;color:#1d4ed8}button:disabled{opacity:.6;cursor:not-allowed}
    .bar{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;margin-bottom:12px}`;

  class CuotaStore extends HTMLElement {
    private items: Item[] = [];
    private cart: Line[] = [];
    private readonly root = this.attachShadow({ mode: 'open' });

    connectedCallback() {
      const school = this.getAttribute('school') ?? '';
      this.cart = this.load(school);
      this.show('<p role="status">Cargando la tienda…</p>');
      fetch(api + cataloguePath.replace('{id}', encodeURIComponent(school)), {
        credentials: 'omit',
      })
        .then((r) => (r.ok ? (r.json() as Promise<{ items: Item[] }>) : Promise.reject()))
        .then((store) => {
          this.items = store.items;
          this.render(school);
        })
        .catch(() =>
          this.show(
            '<p role="alert">Este sitio no está registrado para mostrar la tienda de la escuela.</p>',
          ),
        );
    }

    private key = (school: string) => `cuota-store-cart:${school}`;

    private load(school: string): Line[] {
      try {
        const saved: unknown = JSON.parse(localStorage.getItem(this.key(school)) ?? '[]');
        return Array.isArray(saved) ? (saved as Line[]) : [];
      } catch {
        return [];
      }
    }

    private show(html: string) {
      this.root.innerHTML = `<style>${STYLE}</style>${html}`;
    }

    /** Toggling a chosen variant removes only that line (the store's selection rule). */
    private toggle(school: string, variantId: string) {
      this.cart = this.cart.some((l) => l.variant_id === variantId)
        ? this.cart.filter((l) => l.variant_id !== variantId)
        : [...this.cart, { variant_id: variantId, quantity: 1 }];
      try {
        localStorage.setItem(this.key(school), JSON.stringify(this.cart));
      } catch {
        // Storage blocked: the cart still works on this page.
      }
      this.render(school);
    }

    private render(school: string) {
      const payUrl = new URL(`${api}/store/${encodeURIComponent(school)}/carrito`);
      payUrl.searchParams.set(
        'lineas',
        this.cart.map((l) => `${l.variant_id}:${l.quantity}`).join(','),
      );
      this.show(`<div class="bar"><strong>Carrito (${this.cart.length})</strong>
        <a class="pay" target="_top" href="${payUrl.href}">Pagar en la tienda</a></div><ul></ul>`);
      const list = this.root.querySelector('ul');
      if (!list) return;
      for (const item of this.items) {
        const li = document.createElement('li');
        li.className = 'item';
        const title = document.createElement('h3');
        title.textContent = item.name;
        const price = document.createElement('p');
        price.textContent = `${pesos(item.price_centavos)} MXN`;
        li.append(title, price);
        for (const v of item.variants) li.append(this.variantRow(school, item, v));
        list.append(li);
      }
    }

    private variantRow(school: string, item: Item, v: Variant) {
      const row = document.createElement('div');
      row.className = 'variant';
      const name = document.createElement('span');
      name.textContent = v.available === 0 ? `${label(v)} · Agotado` : label(v);
      const button = document.createElement('button');
      const inCart = this.cart.some((l) => l.variant_id === v.id);
      button.textContent = inCart ? 'Quitar del carrito' : 'Agregar al carrito';
      button.setAttribute('aria-pressed', String(inCart));
      button.setAttribute('aria-label', `${button.textContent}: ${item.name}, ${label(v)}`);
      button.disabled = !inCart && v.available === 0;
      button.addEventListener('click', () => this.toggle(school, v.id));
      row.append(name, button);
      return row;
    }
  }
  customElements.define('cuota-store', CuotaStore);
}

/** What the element uses of the browser's DOM (erased: types only). */
interface Node {
  textContent: string | null;
  className: string;
  innerHTML: string;
  disabled: boolean;
  append(...nodes: Node[]): void;
  setAttribute(name: string, value: string): void;
  getAttribute(name: string): string | null;
  addEventListener(type: string, listener: () => void): void;
  querySelector(selector: string): Node | null;
  attachShadow(init: { mode: 'open' }): Node;
}
interface Dom {
  customElements: {
    get(name: string): unknown;
    define(name: string, element: new () => Node): void;
  };
  document: { createElement(tag: string): Node };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  HTMLElement: new () => Node;
}

/** The script a school's page loads; the API is the origin the script came from. */
export const cuotaStoreScript = `(${defineCuotaStore.toString()})(new URL(document.currentScript.src).origin, ${JSON.stringify(onlineStore.path)});\n`;
