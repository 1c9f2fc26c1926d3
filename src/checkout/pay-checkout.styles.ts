import { themeStyles } from '../dom/theme.styles.js';

/*
 * `<pay-checkout>` on the shared theme (one rule per line, see
 * theme.styles.ts). The method choice is a row of equal columns, so card and
 * Pix have the same size and weight (the Banco Central's rule of equal
 * prominence); the checked one is marked by its border and a filled dot, not
 * by colour alone. On a narrow or touch screen `<pay-pix-qr>` itself puts
 * Pix Copia e Cola before the QR code, in its markup, so nothing here moves
 * its parts.
 */
export const styles = `${themeStyles()}
  .base { display: grid; gap: var(--pay-spacing, 12px); }
  fieldset { display: grid; grid-template-columns: repeat(auto-fit, minmax(8em, 1fr)); gap: 8px; margin: 0; padding: 0; border: 0; min-width: 0; }
  fieldset[hidden] { display: none; }
  legend { padding: 0; margin-bottom: 8px; font-weight: 600; }
  label { display: flex; align-items: center; gap: 8px; min-height: 44px; padding: 8px 12px; border: 1px solid var(--_border); border-radius: var(--_radius); cursor: pointer; }
  label:has(:checked) { border: 2px solid var(--_primary); padding: 7px 11px; font-weight: 600; }
  label:has(:disabled) { cursor: default; }
  input { width: 1.1em; height: 1.1em; margin: 0; accent-color: var(--_primary); }
  .note { margin: 0; }
  .note.error { color: var(--_error); }
  .note:empty { display: none; }
  .holder:empty, .holder:empty + .note { grid-area: 1 / 1; align-self: start; }
  button { justify-self: start; }
  [part~='panel'] { display: grid; gap: var(--pay-spacing, 12px); }
`;
