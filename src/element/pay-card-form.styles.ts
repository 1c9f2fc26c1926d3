import { css } from 'lit';

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

/** Styles live in the shadow root: nothing leaks in from the page or out of it, except through the documented custom properties and parts. */
export const styles = css`
  :host {
    --_primary: var(--pay-color-primary, #0b57d0);
    --_on-primary: var(--pay-color-on-primary, #ffffff);
    --_text: var(--pay-color-text, #1f1f1f);
    --_muted: var(--pay-color-muted, #4a4a4a);
    --_bg: var(--pay-color-background, #ffffff);
    --_border: var(--pay-color-border, #6b6b6b);
    --_error: var(--pay-color-error, #b3261e);
    --_radius: var(--pay-radius, 6px);
    --_space: var(--pay-spacing, 12px);
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
  form {
    display: grid;
    gap: var(--_space);
    grid-template-columns: 1fr 1fr;
    margin: 0;
  }
  .field {
    display: grid;
    gap: 4px;
    grid-column: 1 / -1;
    min-width: 0;
  }
  .field.half {
    grid-column: span 1;
  }
  .label-row {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    gap: 8px;
  }
  label {
    font-weight: 600;
    font-size: 0.9em;
  }
  .brand {
    font-size: 0.85em;
    font-weight: 600;
    color: var(--_muted);
    animation: brand-in 160ms ease-out;
  }
  /* Movement only: fading would drop the text below 4.5:1 contrast while it runs. */
  @keyframes brand-in {
    from {
      transform: translateY(3px);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .brand {
      animation: none;
    }
  }
  input {
    font: inherit;
    color: inherit;
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 10px 12px;
    min-height: 44px;
    box-sizing: border-box;
    width: 100%;
  }
  input::placeholder {
    color: var(--_muted);
    opacity: 1;
  }
  input:focus-visible,
  button:focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 2px;
  }
  input:disabled {
    opacity: 1;
    color: var(--_muted);
  }
  input[aria-invalid='true'] {
    border-color: var(--_error);
    border-width: 2px;
  }
  .error,
  .form-error {
    color: var(--_error);
    font-size: 0.875em;
    min-height: 1.2em;
  }
  .form-error {
    grid-column: 1 / -1;
  }
  .form-error:empty {
    display: none;
  }
  button {
    grid-column: 1 / -1;
    font: inherit;
    font-weight: 600;
    color: var(--_on-primary);
    background: var(--_primary);
    border: 0;
    border-radius: var(--_radius);
    min-height: 44px;
    padding: 10px 16px;
    cursor: pointer;
  }
  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.85;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  @media (max-width: 360px) {
    .field.half {
      grid-column: 1 / -1;
    }
  }
`;
