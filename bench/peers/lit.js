// Reference row, not a peer: all of Lit, what a LitElement with html templates ships.
export { LitElement, html, css } from 'lit';
