/**
 * Preprocessors: live formatters for an input as the user edits it. Each takes
 * the raw view value and caret, and returns the formatted value and where the
 * caret belongs, so that typing, pasting and deleting in the middle of a
 * number feel natural.
 */
import { formatCardNumber, formatExpiry, isLongYearExpiry, maxCardDigits } from './formatters.js';
import { digitsOnly } from './parsers.js';

export interface EditState {
  /** Caret position in the raw value, after the browser applied the edit. */
  caretIndex: number;
  /** The value before the edit (what we formatted last time). */
  prevViewValue: string;
  /** `InputEvent.inputType`, e.g. "deleteContentBackward". */
  inputType?: string;
}

export interface Preprocessed {
  viewValue: string;
  caretIndex: number;
}

/** Caret position just after the `count`-th digit of `formatted`. */
function caretAfterDigits(formatted: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

/**
 * Reformats digits and keeps the caret after the same digit it followed.
 * When an edit removed only a separator (Backspace just after a space), the
 * user meant to delete the digit beside it, so that digit goes instead.
 */
function reformat(
  viewValue: string,
  edit: EditState,
  format: (digits: string) => string,
  maxDigits: (digits: string) => number,
): Preprocessed {
  let digits = digitsOnly(viewValue);
  let before = digitsOnly(viewValue.slice(0, edit.caretIndex)).length;
  // Only single-character deletes: a cut or a word delete that takes a space means just that.
  const removedOnlySeparator =
    (edit.inputType === 'deleteContentBackward' || edit.inputType === 'deleteContentForward') &&
    viewValue.length < edit.prevViewValue.length &&
    digits === digitsOnly(edit.prevViewValue);
  if (removedOnlySeparator) {
    if (edit.inputType === 'deleteContentForward') {
      digits = digits.slice(0, before) + digits.slice(before + 1);
    } else if (before > 0) {
      digits = digits.slice(0, before - 1) + digits.slice(before);
      before -= 1;
    }
  }
  const max = maxDigits(digits);
  if (digits.length > max) {
    // Too long after an insert: drop what was typed past the limit, not the end of the number.
    const overflow = digits.length - max;
    const cut = Math.max(0, before - overflow);
    digits = digits.slice(0, cut) + digits.slice(before);
    digits = digits.slice(0, max);
    before = Math.min(cut, digits.length);
  }
  const formatted = format(digits);
  return { viewValue: formatted, caretIndex: caretAfterDigits(formatted, before) };
}

/** Live formatting of the card-number field. */
export function preprocessCardNumber(viewValue: string, edit: EditState): Preprocessed {
  return reformat(viewValue, edit, formatCardNumber, maxCardDigits);
}

/** Live formatting of the single "MM / YY" expiry field. */
export function preprocessExpiry(viewValue: string, edit: EditState): Preprocessed {
  // A whole "MM/YYYY" (autofill, paste) is not an edit: format it, caret at the end.
  if (isLongYearExpiry(viewValue)) {
    const formatted = formatExpiry(viewValue);
    return { viewValue: formatted, caretIndex: formatted.length };
  }
  // A lone first digit of 2 to 9 is a month, and so is one digit followed by a
  // separator ("1/"): write its zero now, so the caret counts it.
  const first = viewValue.search(/\d/);
  if (first !== -1 && (/[2-9]/.test(viewValue[first]!) || /^\d\s*[/.\- ]/.test(viewValue.slice(first)))) {
    viewValue = `${viewValue.slice(0, first)}0${viewValue.slice(first)}`;
    edit = { ...edit, caretIndex: edit.caretIndex + (edit.caretIndex > first ? 1 : 0) };
  }
  return reformat(viewValue, edit, formatExpiry, () => 4);
}

/** Live filtering of the CVV field: digits only, up to `maxLength`. */
export function preprocessCvv(viewValue: string, edit: EditState, maxLength: number): Preprocessed {
  return reformat(
    viewValue,
    edit,
    (d) => d,
    () => maxLength,
  );
}
