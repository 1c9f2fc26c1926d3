import { unsafeCSS } from '@lit/reactive-element';
import { themeStyles } from '../dom/theme.styles.js';

/*
 * `<pay-pix-qr>` on top of the shared theme (one rule per line, see
 * theme.styles.ts), with one token of its own, the paid colour, in both
 * palettes. The QR itself stays dark on light in every theme: many bank apps
 * cannot read an inverted code, so its light modules and quiet zone sit on a
 * light tile whatever the theme. The QR's SVG is a grid item (so a block),
 * kept within the element by `.base > *`, and its height follows its
 * square viewBox.
 */
export const styles =
  unsafeCSS(`${themeStyles('--_success: var(--pay-color-success, #146c2e);', '--_success: var(--pay-color-success, #6dd58c);')}
  .base { display: grid; gap: var(--pay-spacing, 12px); justify-items: center; text-align: center; }
  .base > * { margin: 0; max-width: 100%; }
  dl { display: flex; flex-wrap: wrap; justify-content: center; gap: 4px 24px; }
  dt { color: var(--_muted); font-size: 0.875em; }
  dd { margin: 0; font-weight: 600; }
  .amount dd { font-size: 1.5em; }
  svg { width: var(--pay-qr-size, 256px); background: var(--pay-qr-background, #fff); border-radius: var(--_radius); }
  path { fill: var(--pay-qr-color, #000); }
  .code { display: grid; gap: 6px; width: 100%; max-width: 32em; text-align: start; }
  label { font-weight: 600; font-size: 0.9em; }
  textarea { font: 0.8em/1.4 ui-monospace, monospace; padding: 8px; resize: none; word-break: break-all; }
  ol { text-align: start; padding-inline-start: 1.5em; }
  .countdown { font-variant-numeric: tabular-nums; }
  .countdown, .notice { color: var(--_muted); }
  .message { font-weight: 600; font-size: 1.125em; }
  .message.paid { color: var(--_success); }
  .message.error { color: var(--_error); }
`);
