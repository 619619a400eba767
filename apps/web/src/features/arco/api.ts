import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { arcoEndpoints, businessDate, type ArcoCancelRequest, type ArcoExportFormat, type ArcoRecordRef } from '@portal/domain';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';
import { saveBlob } from '@/lib/blob-files';

/** The text searched for (already at least 3 characters): every record of the people it finds. */
function arcoSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['arco', 'search', text] as const,
    queryFn: ({ signal }) => callEndpoint(arcoEndpoints.search, { query: { q: text } }, { signal }),
    // A search after a cancellation must show the anonymised rows, never a cached answer.
    staleTime: 0,
  });
}

export function useArcoSearch(text: string) {
  return useQuery({ ...arcoSearchQueryOptions(text), enabled: text.length >= 3 });
}

/** 'Exportar JSON' / 'Exportar PDF': the file is saved as a download. */
export function useArcoExport() {
  return useMutation({
    mutationFn: async ({ records, format }: { records: ArcoRecordRef[]; format: ArcoExportFormat }) => {
      const blob = await callEndpointForBlob(arcoEndpoints.export, { body: { records, format } }, { requireToken: true });
      saveBlob(blob, `datos-personales-${businessDate()}.${format}`);
    },
  });
}

/** 'Cancelar datos': the search is read again afterwards (the records are now anonymised). */
export function useArcoCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArcoCancelRequest) => callEndpoint(arcoEndpoints.cancel, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['arco'] }),
  });
}
