/**
 * Writes a key's text into a field at its caret, with the `input` a typed key
 * makes, for a key the field could not take itself: one the browser gave the
 * frame while the field refused focus (dropped-keys.ts), or one it gave the
 * page while the frame could not take the keyboard yet (the host passes it
 * on). The form formats it as it does autofill, which also writes into fields.
 */
export function writeKey(input: HTMLInputElement, text: string): void {
  // A field the form locked (busy, or a disabled fieldset, which also takes its focus) takes no key.
  if (input.disabled || input.readOnly) return;
  input.setRangeText(text, input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length, 'end');
  input.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: text, bubbles: true, composed: true }));
}
