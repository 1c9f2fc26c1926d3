// QR encoder alone: level M, the module matrix read back.
import { encode } from 'uqr';

export const modules = (text) => encode(text, { ecc: 'M', border: 0 }).data;
