// Reference row, not a peer: the part of Lit inside our files (ReactiveElement, and unsafeCSS for the stylesheet).
export { ReactiveElement, unsafeCSS } from '@lit/reactive-element';
