// Input masking only, the whole default export as its docs import it.
import IMask from 'imask';

export { IMask };
