// Input formatting with card-type detection (`creditCard: true`), as its docs import it.
import Cleave from 'cleave.js';

export { Cleave };
