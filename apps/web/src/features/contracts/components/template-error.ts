import { errorMessage, isApiError } from '@/lib/api-error';

/**
 * What a refused template says: the 400's message on the text (it names the unknown field), else
 * the error's own message. Saving and previewing are validated alike.
 */
export function templateErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    const onBody = error.details.find((detail) => detail.field === 'body');
    if (onBody) return onBody.message;
  }
  return errorMessage(error);
}
