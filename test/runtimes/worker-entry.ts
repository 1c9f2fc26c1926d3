/** The suite as a Cloudflare Worker: POST the configuration, read the results. No `nodejs_compat`. */
import { runSuite, type SuiteConfig } from './suite.js';

export default {
  async fetch(request: Request): Promise<Response> {
    return Response.json(await runSuite((await request.json()) as SuiteConfig));
  },
};
