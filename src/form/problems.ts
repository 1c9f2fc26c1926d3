import type { CardErrorCode } from '../card/validators.js';

/**
 * What the shopper is told, by kind of problem rather than by validator code:
 * several codes read the same to a person ("incomplete"). One sentence per
 * kind, with the field's name put in, keeps both languages small.
 */
export const PROBLEMS = ['required', 'incomplete', 'invalid', 'expired', 'unsupported', 'tooLong'] as const;
export type Problem = (typeof PROBLEMS)[number];

/** The problem each validator code is told as; a code not listed reads as `invalid`. */
export const PROBLEM_OF: Partial<Record<CardErrorCode, Problem>> = {
  required: 'required',
  too_short: 'incomplete',
  invalid_length_for_brand: 'incomplete',
  invalid_cvv_length: 'incomplete',
  expired: 'expired',
  unsupported_brand: 'unsupported',
  too_long: 'tooLong',
};
