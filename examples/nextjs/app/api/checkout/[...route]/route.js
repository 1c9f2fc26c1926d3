// Every path under /api/checkout/ (card, pix, pix/status) goes to the one handler:
// it takes a web-standard Request and answers a Response, which is what Next.js route handlers are.
import { checkout } from '../../../../lib/checkout.js';

export const GET = checkout;
export const POST = checkout;
