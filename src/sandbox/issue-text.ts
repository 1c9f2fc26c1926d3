import type * as z from 'zod/mini';
import { knownSecrets, scrubText } from './console/scrub.js';

/** The fixtures' secrets and the admin token: removed from a quoted key whatever it looks like. */
const FIXTURE_SECRETS = knownSecrets([]);

/**
 * A validation issue's message as a refusal may carry it back to the
 * caller. zod's own text for a strict object quotes the keys it does not
 * take, and a key is request data like any other: a card number or a
 * secret sent as a key would come back in the answer. Those keys go through
 * the console's redaction first; every other message is the schema's own
 * text and quotes nothing that was sent.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const keys = issue.keys.map((key) => JSON.stringify(scrubText(key, FIXTURE_SECRETS, 100)));
  return `Unrecognized key${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
}
