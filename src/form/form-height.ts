import type { FormSettings } from './form-settings.js';

/** What the form's height depends on, of its settings. */
export type HeightSettings = Pick<FormSettings, 'collectTaxId' | 'installments' | 'hideSubmit' | 'showBrands'>;

/**
 * The height in CSS pixels the card form takes with the default theme, laid
 * out `width` pixels wide, known before it is laid out. Isolated, the host
 * gives the `<iframe>` this height until the frame reports its own: the page
 * does not shift when the form appears, and the frame renders at its size
 * from its first frame. A frame of 0 px may be throttled as hidden, and
 * Chromium cannot route a click into a cross-site frame that has just grown.
 *
 * The default theme's figures (`form.styles.ts`) in Chromium: the card's
 * fields and the pay button; a field's row more where expiry and CVV stack
 * (narrower than 361 px, the styles' breakpoint); the CPF/CNPJ field;
 * Parcelas; the accepted brands' row; the pay button's row less when it is
 * hidden. A label that wraps, another font, `--pay-font-size`,
 * `--pay-spacing` or `--pay-padding` change the real height; the frame's
 * first report corrects it, a smaller shift than from nothing.
 */
export function formHeight(width: number, settings: HeightSettings): number {
  return (
    381 +
    101 * (Number(width < 361) + Number(settings.collectTaxId)) +
    (settings.installments ? 80 : 0) +
    (settings.showBrands ? 30 : 0) -
    (settings.hideSubmit ? 56 : 0)
  );
}
