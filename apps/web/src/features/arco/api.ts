import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { businessDate, type ArcoCancelRequest, type ArcoCancelResult, type ArcoExportFormat, type ArcoRecordRef, type ArcoSearchResult } from '@portal/domain';
import { apiClient } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';

/** The text searched for (already at least 3 characters): every record of the people it finds. */
function arcoSearchQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['arco', 'search', text] as const,
    queryFn: ({ signal }) => apiClient.get<ArcoSearchResult>('/api/admin/arco/search', { query: { q: text }, signal }),
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
      const blob = await apiClient.postBlob('/api/admin/arco/export', { records, format }, { requireToken: true });
      saveBlob(blob, `datos-personales-${businessDate()}.${format}`);
    },
  });
}

/** 'Cancelar datos': the search is read again afterwards (the records are now anonymised). */
export function useArcoCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ArcoCancelRequest) => apiClient.post<ArcoCancelResult>('/api/admin/arco/cancel', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['arco'] }),
  });
}
