import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preprocessField } from './field-preprocessor.js';
import type { EditState } from './preprocessors.js';

/** Typing `text` at the end of an empty field. */
const typed = (text: string): EditState => ({ caretIndex: text.length, prevViewValue: '', inputType: 'insertText' });

test('the number is grouped by brand', () => {
  assert.deepEqual(preprocessField('number', '4111111111111111', typed('4111111111111111'), null), {
    viewValue: '4111 1111 1111 1111',
    caretIndex: 19,
  });
  assert.deepEqual(preprocessField('number', '378282246310005', typed('378282246310005'), 'amex'), {
    viewValue: '3782 822463 10005',
    caretIndex: 17,
  });
});

test('the expiry becomes "MM / YY"', () => {
  assert.deepEqual(preprocessField('expiry', '1231', typed('1231'), null), { viewValue: '12 / 31', caretIndex: 7 });
  assert.deepEqual(preprocessField('expiry', '4', typed('4'), 'visa'), { viewValue: '04', caretIndex: 2 });
});

test('the CVV keeps as many digits as the brand has, four while the brand is unknown', () => {
  assert.equal(preprocessField('cvv', '12345', typed('12345'), 'visa').viewValue, '123');
  assert.equal(preprocessField('cvv', '12345', typed('12345'), 'amex').viewValue, '1234');
  assert.equal(preprocessField('cvv', '12345', typed('12345'), null).viewValue, '1234');
  assert.equal(preprocessField('cvv', '1a2', typed('1a2'), null).viewValue, '12');
});

test('the holder name is left exactly as typed, caret where it was', () => {
  const name = '  ana  da Silva 2º ';
  assert.deepEqual(preprocessField('holderName', name, { caretIndex: 4, prevViewValue: '', inputType: 'insertText' }, 'visa'), {
    viewValue: name,
    caretIndex: 4,
  });
});
