// Validation and brand detection only; the page still has to build its own form.
import valid from 'card-validator';
import creditCardType from 'credit-card-type';

export { valid, creditCardType };
