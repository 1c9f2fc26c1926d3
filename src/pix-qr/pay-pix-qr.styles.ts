import { css } from '@lit/reactive-element';

/**
 * The dark palette: the card form's colours, so both elements match on one
 * page, and every text keeps at least 4.5:1 on its background. The QR itself
 * stays dark on light in every theme: many bank apps cannot read an
 * inverted code.
 */
const dark = css`
  --_primary: var(--pay-color-primary, #8ab4f8);
  --_on-primary: var(--pay-color-on-primary, #0b1d3a);
  --_text: var(--pay-color-text, #e8eaed);
  --_muted: var(--pay-color-muted, #bdc1c6);
  --_bg: var(--pay-color-background, #1f2023);
  --_border: var(--pay-color-border, #9aa0a6);
  --_error: var(--pay-color-error, #f2b8b5);
  --_success: var(--pay-color-success, #6dd58c);
`;

export const styles = css`
  :host {
    --_primary: var(--pay-color-primary, #0b57d0);
    --_on-primary: var(--pay-color-on-primary, #fff);
    --_text: var(--pay-color-text, #1f1f1f);
    --_muted: var(--pay-color-muted, #4a4a4a);
    --_bg: var(--pay-color-background, #fff);
    --_border: var(--pay-color-border, #6b6b6b);
    --_error: var(--pay-color-error, #b3261e);
    --_success: var(--pay-color-success, #146c2e);
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
  [hidden] {
    display: none !important;
  }
  .base {
    display: grid;
    gap: var(--pay-spacing, 12px);
    justify-items: center;
    text-align: center;
  }
  .base > * {
    margin: 0;
    max-width: 100%;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: 4px 24px;
  }
  dt {
    color: var(--_muted);
    font-size: 0.875em;
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
  .amount dd {
    font-size: 1.5em;
  }
  /* Light modules and quiet zone on a light tile, whatever the theme. */
  svg {
    display: block;
    width: var(--pay-qr-size, 256px);
    max-width: 100%;
    height: auto;
    background: var(--pay-qr-background, #fff);
    border-radius: var(--_radius);
  }
  path {
    fill: var(--pay-qr-color, #000);
  }
  .code {
    display: grid;
    gap: 6px;
    width: 100%;
    max-width: 32em;
    text-align: start;
  }
  label {
    font-weight: 600;
    font-size: 0.9em;
  }
  textarea {
    font: 0.8em/1.4 ui-monospace, monospace;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 8px;
    resize: none;
    word-break: break-all;
  }
  button {
    font: inherit;
    font-weight: 600;
    min-height: 44px;
    padding: 10px 16px;
    border: 0;
    border-radius: var(--_radius);
    color: var(--_on-primary);
    background: var(--_primary);
    cursor: pointer;
  }
  :focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 2px;
  }
  ol {
    text-align: start;
    padding-inline-start: 1.5em;
  }
  .countdown {
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  .message {
    font-weight: 600;
    font-size: 1.125em;
  }
  .message.paid {
    color: var(--_success);
  }
  .message.error {
    color: var(--_error);
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
