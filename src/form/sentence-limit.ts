/**
 * The longest sentence the form shows or takes as an override, in UTF-16
 * units (`.length`): long enough for any form, short enough that no one ships
 * a page through it. The channel's limits start from it.
 */
export const SENTENCE_LIMIT = 300;
