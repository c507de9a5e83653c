/** The hosted form's look: plain, legible, thumb-sized on a phone; 16 px text so iOS won't zoom. */
export const cardFormStyle = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2933; }
body { margin: 0; padding: 0.25rem; background: transparent; }
form { display: grid; gap: 0.75rem; }
.total { margin: 0; font-size: 1rem; }
.field { display: grid; gap: 0.25rem; min-width: 0; align-content: start; }
.row { display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); }
label { font-weight: 600; font-size: 0.95rem; }
input {
  font: inherit; font-size: 16px; width: 100%; min-height: 44px; padding: 0.5rem 0.75rem;
  border: 1px solid #7b8794; border-radius: 0.5rem; background: #fff; color: inherit;
}
input:focus-visible { outline: 3px solid #2563eb; outline-offset: 1px; border-color: #2563eb; }
input[aria-invalid="true"] { border-color: #b42318; }
input:disabled { background: #f1f5f9; }
.hint { margin: 0; font-size: 0.85rem; color: #52606d; }
.field-error, .form-error { margin: 0; font-size: 0.9rem; color: #b42318; }
.field-error:empty, .form-error:empty, .status:empty, .hint:empty { display: none; }
.status { margin: 0; font-size: 0.9rem; }
.visually-hidden {
  position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
`;
