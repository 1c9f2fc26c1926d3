// Reference row, not a peer: Lit alone, the floor under any Lit element's script-tag file.
export { LitElement, html, css } from 'lit';
