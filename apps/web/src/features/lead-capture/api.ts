import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { leadCaptureEndpoints, type LeadCaptureSettingsInput } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

function leadCaptureQueryOptions(branchId: number) {
  return queryOptions({
    queryKey: ['lead-capture', branchId] as const,
    queryFn: ({ signal }) => callEndpoint(leadCaptureEndpoints.settings, { params: { id: branchId } }, { signal }),
  });
}

export function useLeadCaptureSettings(branchId: number) {
  return useQuery(leadCaptureQueryOptions(branchId));
}

/** Every change answers or changes the settings: the screen reads them again. */
function useSettingsMutation<Input, Output>(branchId: number, send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadCaptureQueryOptions(branchId).queryKey }),
  });
}

/** `ifMatch`: the branch's version the origins were loaded at (412 when someone saved since, decision 023). */
export function useSaveOrigins(branchId: number) {
  return useSettingsMutation(branchId, ({ input, ifMatch }: { input: LeadCaptureSettingsInput; ifMatch: number | undefined }) =>
    callEndpoint(leadCaptureEndpoints.saveOrigins, { params: { id: branchId }, body: input }, { ifMatch }),
  );
}

/** Reads the settings again now ('Recargar' after a 412). */
export function useReloadLeadCaptureSettings(branchId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...leadCaptureQueryOptions(branchId), staleTime: 0 });
}

export function useRotateKey(branchId: number) {
  return useSettingsMutation(branchId, () => callEndpoint(leadCaptureEndpoints.rotateKey, { params: { id: branchId } }));
}

export function useRotateWebhookToken(branchId: number) {
  return useSettingsMutation(branchId, () => callEndpoint(leadCaptureEndpoints.rotateWebhookToken, { params: { id: branchId } }));
}
