/**
 * Which brands a merchant takes, from the element's `accepted-brands`
 * attribute ("visa mastercard elo"). A brand outside the list is refused as
 * soon as it is detected, before the shopper types the rest of the card.
 */
import { isBrand, type Brand } from './brand.js';

/**
 * The brands named in `value`, separated by spaces or commas, in any case.
 * Words that are not one of the eight brands are skipped. `null` (every brand)
 * when nothing usable is named, so a typo in the attribute never turns every
 * shopper away.
 */
export function parseAcceptedBrands(value: string | null | undefined): readonly Brand[] | null {
  const brands = (value ?? '')
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(isBrand);
  return brands.length ? brands : null;
}

/** True when `accepted` (from {@link parseAcceptedBrands}) takes `brand`; `null` takes every brand. */
export function isAccepted(brand: Brand, accepted: readonly Brand[] | null | undefined): boolean {
  return !accepted || accepted.includes(brand);
}
