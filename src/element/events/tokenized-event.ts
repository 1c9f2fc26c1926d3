import type { TokenizeResult } from '../../card/types.js';

/** `tokenized`: the card was tokenized; `detail` is exactly the TokenizeResult, safe to send to your backend. */
export class TokenizedEvent extends CustomEvent<TokenizeResult> {
  constructor(detail: TokenizeResult) {
    super('tokenized', { detail, bubbles: true, composed: true });
  }
}
