import { css } from '@lit/reactive-element';

/**
 * The dark palette. Every pair of text and background here keeps at least
 * 4.5:1 contrast (docs/accessibility.md lists the ratios). Merchants' own
 * custom properties still win over these fallbacks.
 */
const dark = css`
  --_primary: var(--pay-color-primary, #8ab4f8);
  --_on-primary: var(--pay-color-on-primary, #0b1d3a);
  --_text: var(--pay-color-text, #e8eaed);
  --_muted: var(--pay-color-muted, #bdc1c6);
  --_bg: var(--pay-color-background, #1f2023);
  --_border: var(--pay-color-border, #9aa0a6);
  --_error: var(--pay-color-error, #f2b8b5);
`;

/**
 * Styles live in the shadow root: nothing leaks in from the page or out of it,
 * except through the documented custom properties and parts. Every rule here
 * ships in the script-tag file, so each one earns its place.
 */
export const styles = css`
  :host {
    --_primary: var(--pay-color-primary, #0b57d0);
    --_on-primary: var(--pay-color-on-primary, #fff);
    --_text: var(--pay-color-text, #1f1f1f);
    --_muted: var(--pay-color-muted, #4a4a4a);
    --_bg: var(--pay-color-background, #fff);
    --_border: var(--pay-color-border, #6b6b6b);
    --_error: var(--pay-color-error, #b3261e);
    --_radius: var(--pay-radius, 6px);
    display: block;
    color: var(--_text);
    background: var(--_bg);
    font-family: var(--pay-font-family, system-ui, sans-serif);
    font-size: var(--pay-font-size, 16px);
    line-height: 1.4;
  }
  :host([theme='dark']) {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${dark}
    }
  }
  :host([hidden]),
  [hidden],
  .wide:empty {
    display: none !important;
  }
  form {
    display: grid;
    gap: var(--pay-spacing, 12px);
    grid-template-columns: 1fr 1fr;
    margin: 0;
  }
  /* Full width, except expiry and CVV side by side while there is room (reflow at 320 px). */
  form > * {
    grid-column: 1 / -1;
  }
  @media (min-width: 361px) {
    .half {
      grid-column: auto;
    }
  }
  .field {
    display: grid;
    gap: 4px;
    min-width: 0;
  }
  .row {
    display: flex;
    justify-content: space-between;
    gap: 8px;
    font-weight: 600;
    font-size: 0.9em;
  }
  /* No entrance animation: the shopper is typing as the brand appears, and every frame of one costs the keystrokes a style update. */
  .row span {
    color: var(--_muted);
  }
  input,
  button {
    font: inherit;
    min-height: 44px;
    border-radius: var(--_radius);
    padding: 10px 12px;
  }
  input {
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    box-sizing: border-box;
    width: 100%;
  }
  ::placeholder,
  input:disabled {
    color: var(--_muted);
    opacity: 1;
  }
  :focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 2px;
  }
  [aria-invalid='true'] {
    border: 2px solid var(--_error);
  }
  .error {
    color: var(--_error);
    font-size: 0.875em;
    min-height: 1.2em;
  }
  button {
    font-weight: 600;
    color: var(--_on-primary);
    background: var(--_primary);
    border: 0;
    cursor: pointer;
  }
  [aria-disabled='true'] {
    cursor: progress;
    opacity: 0.85;
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
