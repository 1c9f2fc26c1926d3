// Reference row, not a peer: the part of Lit inside our file (ReactiveElement and css).
export { ReactiveElement, css } from '@lit/reactive-element';
