/**
 * The shapes of the service's two API keys, one rule for every part of the
 * package: the public key (`pk_test_…`, `pk_live_…`, §5.1) is made for pages;
 * the secret key (`sk_test_…`, `sk_live_…`, §5.4) must stay on the merchant's
 * server. Neither value is ever echoed in a message.
 */

/** A well-formed public key: `tokenize` and the element take nothing else. */
export const PUBLIC_KEY_PATTERN = /^pk_(test|live)_[A-Za-z0-9]{8,}$/;

/** A well-formed secret key: `createCharge` takes nothing else. */
export const SECRET_KEY_PATTERN = /^sk_(test|live)_[A-Za-z0-9]{8,}$/;

/**
 * Matches text that carries a secret key, even cut short or pasted with
 * spaces around it: wherever a public key is expected, such a value is refused
 * as a secret key, so the message can say what is at stake (remove it from
 * the page, rotate it) rather than call it malformed.
 */
export const SECRET_KEY_INSIDE = /sk_(test|live)_/;
