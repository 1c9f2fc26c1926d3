// The peers of the keystroke benchmark (bench/speed.ts), each on a plain
// input of the page, set up as their docs show for a card number.
import IMask from 'imask';
import Cleave from 'cleave.js';

IMask(document.getElementById('imask'), { mask: '0000 0000 0000 0000' });
new Cleave('#cleave', { creditCard: true });
