import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rentConfirmationEndpoints, type RentConfirmationAnswerInput } from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint } from '@/lib/endpoint-client';

/*
 * The owner's calls (issue 32): no session (`auth: false`), the token in the path is the
 * credential. A 4xx is the link's answer (invalid, answered already), never retried.
 */

function confirmationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['rent-confirmation', token] as const,
    queryFn: ({ signal }) => callEndpoint(rentConfirmationEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    staleTime: Infinity,
  });
}

export function useRentConfirmation(token: string) {
  return useQuery(confirmationQueryOptions(token));
}

/**
 * The owner's answer: the page then shows what the server answered. Answered elsewhere (409) or
 * no longer valid (404): the page reads the link again and shows that instead.
 */
export function useAnswerRentConfirmation(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = confirmationQueryOptions(token);
  return useMutation({
    mutationFn: (body: RentConfirmationAnswerInput) => callEndpoint(rentConfirmationEndpoints.answer, { params: { token }, body }, { auth: false }),
    onSuccess: (view) => queryClient.setQueryData(queryKey, view),
    onError: (error) => (isApiError(error) && (error.status === 409 || error.status === 404) ? queryClient.invalidateQueries({ queryKey }) : undefined),
  });
}
