/**
 * What the frame's diagnosis says for a page it cannot test from here: one
 * served at an IPv6 address, which no `frame-ancestors` source can name, so
 * adding its origin (what a refusal otherwise asks) cannot help.
 */
import { expect } from '@open-wc/testing';
import { addressSpace, morePrivate } from '../shared/address-space.js';
import { FrameError } from '../shared/errors.js';
import { frameError } from './frame-diagnosis.js';

const CODE = { addressSpace, morePrivate, FrameError };
const FRAME = 'http://127.0.0.1:4010/frame/v1/card.html';

describe('the frame diagnosis: a refusal', () => {
  it('tells a page at an IPv6 address to move to a host name, not to list its origin', () => {
    for (const [sandbox, told] of [
      [true, 'Open the page under a host name (localhost on this machine) or an IPv4 address, listed in SANDBOX_FRAME_ANCESTORS.'],
      [false, "Open the page under a host name, one of your key's registered origins."],
    ] as const) {
      const error = frameError('refused', FRAME, CODE, sandbox, 'http://[::1]:5173');
      expect(error).to.be.instanceOf(FrameError);
      expect(error.reason).to.equal('refused');
      expect(error.message).to.equal(
        `<pay-card-form> cannot show its secure card form: the ${sandbox ? 'sandbox' : 'tokenization service'} at http://127.0.0.1:4010 ` +
          `does not let pages of http://[::1]:5173 frame it, and no CSP source can name an IPv6 address. ${told}`,
      );
    }
  });

  it('tells a page under a host name or an IPv4 address to list its origin', () => {
    for (const page of ['http://shop.localhost:5173', 'http://192.168.1.20:5173']) {
      const error = frameError('refused', FRAME, CODE, true, page);
      expect(error.message).to.contain(`Add ${page} to SANDBOX_FRAME_ANCESTORS`);
      expect(error.message).to.not.contain('IPv6');
    }
  });
});
