import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { whatsappEndpoints, type WhatsappGatewayFormValues, type WhatsappSendInput } from '@portal/domain';
import { callEndpoint } from '@/lib/endpoint-client';

const whatsappKey = ['whatsapp'] as const;

// --- the card: a lead's log, templates and send ---------------------------------------------------

function leadMessagesQueryOptions(leadId: number) {
  return queryOptions({
    queryKey: [...whatsappKey, 'lead', leadId, 'messages'] as const,
    queryFn: ({ signal }) => callEndpoint(whatsappEndpoints.leadMessages, { params: { id: leadId } }, { signal }),
  });
}

export function useLeadMessages(leadId: number) {
  return useQuery(leadMessagesQueryOptions(leadId));
}

export function useLeadTemplates(leadId: number) {
  return useQuery({
    queryKey: [...whatsappKey, 'lead', leadId, 'templates'] as const,
    queryFn: ({ signal }) => callEndpoint(whatsappEndpoints.leadTemplates, { params: { id: leadId } }, { signal }),
  });
}

export function useSendWhatsapp(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<WhatsappSendInput>) => callEndpoint(whatsappEndpoints.send, { params: { id: leadId }, body }),
    onSuccess: async (message) => {
      queryClient.setQueryData(leadMessagesQueryOptions(leadId).queryKey, (log) => [message, ...(log ?? []).filter((item) => item.id !== message.id)]);
      await queryClient.invalidateQueries({ queryKey: leadMessagesQueryOptions(leadId).queryKey });
    },
  });
}

// --- settings: the branch's gateway and templates ------------------------------------------------

function gatewayQueryOptions(branchId: number) {
  return queryOptions({
    queryKey: [...whatsappKey, 'gateway', branchId] as const,
    queryFn: ({ signal }) => callEndpoint(whatsappEndpoints.gateway, { params: { id: branchId } }, { signal }),
  });
}

export function useGateway(branchId: number | null) {
  return useQuery({ ...gatewayQueryOptions(branchId ?? 0), enabled: branchId !== null });
}

/** Reads the branch's gateway again from the server ('Recargar' after a 412), without another observer of the query. */
export function useReloadGateway(branchId: number) {
  const queryClient = useQueryClient();
  return async () => (await queryClient.fetchQuery({ ...gatewayQueryOptions(branchId), staleTime: 0 })).gateway ?? undefined;
}

export function useSaveGateway(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // `ifMatch`: the version the form was loaded at, 0 while the branch had none (412 when someone saved since, decision 023).
    mutationFn: ({ body, ifMatch }: { body: WhatsappGatewayFormValues; ifMatch: number }) =>
      callEndpoint(whatsappEndpoints.saveGateway, { params: { id: branchId }, body }, { ifMatch }),
    onSuccess: (gateway) => queryClient.setQueryData(gatewayQueryOptions(branchId).queryKey, { gateway }),
  });
}

function templatesQueryOptions(branchId: number) {
  return queryOptions({
    queryKey: [...whatsappKey, 'templates', branchId] as const,
    queryFn: ({ signal }) => callEndpoint(whatsappEndpoints.templates, { query: { branchId } }, { signal }),
  });
}

export function useTemplates(branchId: number | null) {
  return useQuery({ ...templatesQueryOptions(branchId ?? 0), enabled: branchId !== null });
}

interface TemplateDraft {
  id: number | null;
  name: string;
  body: string;
}

export function useSaveTemplate(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, body }: TemplateDraft) =>
      id === null
        ? callEndpoint(whatsappEndpoints.createTemplate, { body: { name, body, branchId } })
        : callEndpoint(whatsappEndpoints.updateTemplate, { params: { id }, body: { name, body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryOptions(branchId).queryKey }),
  });
}

export function useDeleteTemplate(branchId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(whatsappEndpoints.deleteTemplate, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryOptions(branchId).queryKey }),
  });
}
