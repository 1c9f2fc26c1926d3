/** Parsers: turn what a person typed or pasted into the values the service expects. */

/** Keeps only ASCII digits: "4111 1111-1111 1111" becomes "4111111111111111". */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** A parsed expiry: two-digit month and four-digit year, as §2.2 wants them. */
export interface Expiry {
  month: string;
  year: string;
}

/**
 * Parses an expiry as typed in one field: "MM/YY", "MM / YY", "MMYY",
 * "MM/YYYY" (what some autofill sources write). Two-digit years are taken
 * in the 2000s. Returns partial strings when the input is incomplete, so
 * validation can say what is missing.
 */
export function parseExpiry(value: string): Expiry {
  const parts = value.split(/[^\d]+/).filter(Boolean);
  let month: string;
  let year: string;
  if (parts.length >= 2) {
    [month, year] = [parts[0]!, parts[1]!];
  } else {
    const digits = parts[0] ?? '';
    // "MMYYYY" from a paste; otherwise "MMYY".
    month = digits.slice(0, 2);
    year = digits.slice(2, digits.length === 6 ? 6 : 4);
  }
  if (month.length === 1 && parts.length >= 2) month = `0${month}`;
  if (year.length === 2) year = `20${year}`;
  return { month, year };
}
