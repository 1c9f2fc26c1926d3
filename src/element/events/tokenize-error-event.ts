/** `detail` of the `tokenize-error` event. */
export interface TokenizeErrorDetail {
  /** One of the typed errors (`ValidationError`, `AuthenticationError`, …), or what the network threw. */
  error: Error;
}

/** `tokenize-error`: validation, key, API or network failure. */
export class TokenizeErrorEvent extends CustomEvent<TokenizeErrorDetail> {
  constructor(error: Error) {
    super('tokenize-error', { detail: { error }, bubbles: true, composed: true });
  }
}
