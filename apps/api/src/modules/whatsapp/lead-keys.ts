import { apiKeyMask } from '@portal/domain';
import type { SecretBox } from '../../lib/secret-box';

/**
 * A lead's own gateway key as the leads module writes it (issue 20): sealed with SECRETS_KEY.
 * The mask it was answered as means "keep the stored key": the property is left out, so an update
 * does not touch the column (Drizzle sets only the properties given) and an insert takes its
 * default (''). An empty key clears it.
 */
export function sealLeadApiKey<T extends { apikey: string }>(secretBox: SecretBox, input: T): T {
  if (input.apikey === apiKeyMask) {
    const { apikey: _kept, ...rest } = input;
    return rest as T;
  }
  return { ...input, apikey: input.apikey ? secretBox.seal(input.apikey) : '' };
}

/** A stored lead key as browsers see it: the mask, or '' when there is none. */
export function maskedLeadApiKey(stored: string): string {
  return stored ? apiKeyMask : '';
}
