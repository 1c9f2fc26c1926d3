import { test } from 'node:test';
import assert from 'node:assert/strict';
import { preprocessCardNumber, preprocessCvv, preprocessExpiry } from './preprocessors.js';

/** Applies an edit to `prev` the way the browser would, then runs the preprocessor. */
function type(prev: string, caret: number, text: string) {
  const view = prev.slice(0, caret) + text + prev.slice(caret);
  return preprocessCardNumber(view, { caretIndex: caret + text.length, prevViewValue: prev, inputType: 'insertText' });
}
function backspace(prev: string, caret: number) {
  const view = prev.slice(0, caret - 1) + prev.slice(caret);
  return preprocessCardNumber(view, { caretIndex: caret - 1, prevViewValue: prev, inputType: 'deleteContentBackward' });
}
function del(prev: string, caret: number) {
  const view = prev.slice(0, caret) + prev.slice(caret + 1);
  return preprocessCardNumber(view, { caretIndex: caret, prevViewValue: prev, inputType: 'deleteContentForward' });
}

test('typing at the end puts the caret after the new digit, past a new space', () => {
  assert.deepEqual(type('4111', 4, '1'), { viewValue: '4111 1', caretIndex: 6 });
  assert.deepEqual(type('411', 3, '1'), { viewValue: '4111', caretIndex: 4 });
});

test('inserting in the middle keeps the caret right after the inserted digit', () => {
  // "4111 |1111 1111 111" + "9"
  assert.deepEqual(type('4111 1111 1111 111', 5, '9'), { viewValue: '4111 9111 1111 1111', caretIndex: 6 });
  // Just before a space: "4111| 1111" + "2" → digit moves into the next group, caret after it.
  assert.deepEqual(type('4111 1111', 4, '2'), { viewValue: '4111 2111 1', caretIndex: 6 });
});

test('backspace in the middle removes that digit and keeps the caret in place', () => {
  // "4111 11|11 1111 1111"
  assert.deepEqual(backspace('4111 1111 1111 1111', 7), { viewValue: '4111 1111 1111 111', caretIndex: 6 });
});

test('backspace just after a space deletes the digit before the space', () => {
  // "4111 |5555" → removes the last "1" of the first group.
  assert.deepEqual(backspace('4111 5555', 5), { viewValue: '4115 555', caretIndex: 3 });
});

test('forward delete on a space deletes the digit after it', () => {
  assert.deepEqual(del('4111 5555', 4), { viewValue: '4111 555', caretIndex: 4 });
});

test('cutting a selected space removes only the space, then regroups', () => {
  // "4111| |1111" with the space selected and cut: no digit is lost.
  const r = preprocessCardNumber('41111111', { caretIndex: 4, prevViewValue: '4111 1111', inputType: 'deleteByCut' });
  assert.deepEqual(r, { viewValue: '4111 1111', caretIndex: 4 });
});

test('paste with separators and stray characters', () => {
  const r = preprocessCardNumber('4111 1111-1111 1111', { caretIndex: 19, prevViewValue: '', inputType: 'insertFromPaste' });
  assert.deepEqual(r, { viewValue: '4111 1111 1111 1111', caretIndex: 19 });
  const r2 = preprocessCardNumber('abc5555.5555.5555.4444', { caretIndex: 22, prevViewValue: '', inputType: 'insertFromPaste' });
  assert.equal(r2.viewValue, '5555 5555 5555 4444');
});

test('input stops at the brand maximum; extra typing is dropped where it was typed', () => {
  const amex = '3782 822463 10005';
  assert.deepEqual(type(amex, amex.length, '9'), { viewValue: amex, caretIndex: amex.length });
  // Typing in the middle of a full Amex number does not push digits off the end.
  assert.deepEqual(type(amex, 2, '9'), { viewValue: amex, caretIndex: 2 });
  const visa19 = '4111 1111 1111 1111 111';
  assert.equal(type(visa19, visa19.length, '1').viewValue, visa19);
});

test('changing brand while typing regroups (Visa-looking prefix becoming Elo)', () => {
  assert.equal(type('4389 3', 6, '5').viewValue, '4389 35');
  assert.equal(type('3782 82246', 10, '3').viewValue, '3782 822463');
});

test('expiry: typing, zero padding, backspace over the separator, autofill', () => {
  const ex = (view: string, caret: number, prev: string, inputType = 'insertText') =>
    preprocessExpiry(view, { caretIndex: caret, prevViewValue: prev, inputType });
  assert.deepEqual(ex('1', 1, ''), { viewValue: '1', caretIndex: 1 });
  assert.deepEqual(ex('4', 1, ''), { viewValue: '04', caretIndex: 2 });
  assert.deepEqual(ex('123', 3, '12'), { viewValue: '12 / 3', caretIndex: 6 });
  // Backspace with the caret just after "12 / " removes the space the browser
  // deleted and, with it, the digit the shopper meant: the "2".
  assert.deepEqual(ex('12 /3', 4, '12 / 3', 'deleteContentBackward'), { viewValue: '13', caretIndex: 1 });
  // Backspace at the end removes the last digit and the separator goes with it.
  assert.deepEqual(ex('12 / ', 5, '12 / 3', 'deleteContentBackward'), { viewValue: '12', caretIndex: 2 });
  // A separator typed after a one-digit month pads the month: "1/25" is January.
  assert.deepEqual(ex('1/', 2, '1'), { viewValue: '01', caretIndex: 2 });
  assert.deepEqual(ex('012', 3, '01'), { viewValue: '01 / 2', caretIndex: 6 });
  assert.deepEqual(ex('1 ', 2, '1'), { viewValue: '01', caretIndex: 2 });
  assert.deepEqual(ex('12/', 3, '12'), { viewValue: '12', caretIndex: 2 });
  assert.deepEqual(ex('12/2030', 7, '', 'insertReplacementText'), { viewValue: '12 / 30', caretIndex: 7 });
});

test('cvv keeps digits only up to its length', () => {
  assert.deepEqual(preprocessCvv('12a3', { caretIndex: 4, prevViewValue: '12' }, 3), { viewValue: '123', caretIndex: 3 });
  assert.deepEqual(preprocessCvv('1234', { caretIndex: 4, prevViewValue: '123' }, 3), { viewValue: '123', caretIndex: 3 });
  assert.deepEqual(preprocessCvv('1234', { caretIndex: 4, prevViewValue: '123' }, 4), { viewValue: '1234', caretIndex: 4 });
});
