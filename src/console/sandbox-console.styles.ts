import { css } from '@lit/reactive-element';

/** Plain and dense, like a log viewer; colours keep 4.5:1 on white (axe checks it). */
export const styles = css`
  :host {
    display: block;
    font:
      14px/1.4 system-ui,
      sans-serif;
    color: #1f1f1f;
    background: #fff;
  }
  header {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1.5rem;
    align-items: center;
    padding: 0.5rem 1rem;
    border-bottom: 1px solid #6b6b6b;
  }
  h1 {
    font-size: 1.2rem;
    margin: 0;
  }
  h2 {
    font-size: 1.05rem;
    margin: 0.5rem 0;
  }
  h3 {
    font-size: 0.95rem;
    margin: 0.75rem 0 0.25rem;
  }
  main {
    display: grid;
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: 1rem;
    padding: 0 1rem 1rem;
  }
  #state,
  #start {
    grid-column: 1 / -1;
  }
  #start dd {
    margin: 0 0 0.4rem 1rem;
  }
  #start .scroll {
    max-height: 14rem;
  }
  .scroll {
    max-height: 60vh;
    overflow: auto;
    border: 1px solid #6b6b6b;
  }
  table {
    border-collapse: collapse;
    width: 100%;
    font-variant-numeric: tabular-nums;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding: 0.25rem 0;
  }
  th,
  td {
    text-align: left;
    padding: 0.15rem 0.4rem;
    border-bottom: 1px solid #e0e0e0;
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  thead th {
    position: sticky;
    top: 0;
    background: #f3f3f3;
  }
  tr.refused td {
    color: #a1140b;
  }
  tr[aria-current='true'] td {
    background: #e8f0fe;
  }
  button,
  select,
  input {
    font: inherit;
  }
  button.row {
    all: unset;
    cursor: pointer;
    text-decoration: underline;
  }
  button:focus-visible,
  button.row:focus-visible,
  a:focus-visible,
  select:focus-visible,
  input:focus-visible {
    outline: 2px solid #0b57d0;
    outline-offset: 1px;
  }
  pre,
  code {
    font:
      12px/1.4 ui-monospace,
      monospace;
  }
  pre {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: #f6f6f6;
    padding: 0.5rem;
    margin: 0;
    max-height: 20rem;
    overflow: auto;
  }
  .failed {
    font-weight: 600;
    color: #a1140b;
  }
  .muted {
    color: #4a4a4a;
  }
  .actions {
    display: flex;
    gap: 0.25rem;
    flex-wrap: wrap;
  }
`;
