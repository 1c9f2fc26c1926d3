/*
 * The stylesheets of both elements are plain strings, one rule per line.
 * They ship as written (no minifier touches CSS inside JavaScript), so
 * indentation and comments inside them would reach every shopper; comments
 * about rules live out here instead. Each element hands its sheet to Lit
 * once, with `unsafeCSS`: the text is a constant of this package, never
 * input, so the checks of Lit's `css` tag (which exist to keep untrusted
 * values out of a template) buy nothing here, and leaving the tag out
 * leaves its code out of both script-tag files.
 */

/**
 * The dark palette. Every pair of text and background keeps at least 4.5:1
 * contrast (docs/accessibility.md lists the ratios). Merchants' own custom
 * properties still win over these fallbacks.
 */
const dark = /* css */ `--_primary: var(--pay-color-primary, #8ab4f8); --_on-primary: var(--pay-color-on-primary, #0b1d3a); --_text: var(--pay-color-text, #e8eaed); --_muted: var(--pay-color-muted, #bdc1c6); --_bg: var(--pay-color-background, #1f2023); --_border: var(--pay-color-border, #9aa0a6); --_error: var(--pay-color-error, #f2b8b5);`;

/**
 * What both elements look like by default, so they match on one page: the
 * `--pay-*` tokens of both themes (`theme="dark"`, or `auto` following
 * `prefers-color-scheme`), the host box, hidden parts, the focus ring, the
 * fields, the primary button and the screen-reader-only live region. Styles
 * live in the shadow root: nothing leaks in from the page or out of it,
 * except through the documented custom properties and parts.
 *
 * `light` and `darker` add an element's own tokens to each palette.
 */
export const themeStyles = (light = '', darker = '') => /* css */ `
  :host { --_primary: var(--pay-color-primary, #0b57d0); --_on-primary: var(--pay-color-on-primary, #fff); --_text: var(--pay-color-text, #1f1f1f); --_muted: var(--pay-color-muted, #4a4a4a); --_bg: var(--pay-color-background, #fff); --_border: var(--pay-color-border, #6b6b6b); --_error: var(--pay-color-error, #b3261e); --_radius: var(--pay-radius, 6px); ${light} display: block; color: var(--_text); background: var(--_bg); font-family: var(--pay-font-family, system-ui, sans-serif); font-size: var(--pay-font-size, 16px); line-height: 1.4; }
  :host([theme='dark']) { ${dark} ${darker} }
  @media (prefers-color-scheme: dark) { :host([theme='auto']) { ${dark} ${darker} } }
  :host([hidden]), [hidden] { display: none !important; }
  :focus-visible { outline: 3px solid var(--_primary); outline-offset: 2px; }
  input, textarea { color: inherit; background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius); }
  button { font: inherit; font-weight: 600; min-height: 44px; padding: 10px 16px; border: 0; border-radius: var(--_radius); color: var(--_on-primary); background: var(--_primary); cursor: pointer; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
