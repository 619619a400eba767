import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { moveOutEndpoints, type MoveOutActa, type MoveOutInput, type MoveOutPhotoParty } from '@portal/domain';
import { callEndpoint, callEndpointForBlob, uploadToEndpoint } from '@/lib/endpoint-client';

/*
 * 'Entrega del inmueble' (issue 32). The acta is kept under 'policies' on purpose, like the rents:
 * a policy write (a termination, a payment through the rents) invalidates ['policies'], so the
 * settlement's rent owed follows without this feature knowing each of those writes.
 */

function moveOutQueryOptions(policyId: number) {
  return queryOptions({
    queryKey: ['policies', 'move-out', policyId] as const,
    queryFn: ({ signal }) => callEndpoint(moveOutEndpoints.get, { params: { id: policyId } }, { signal }),
  });
}

export function useMoveOut(policyId: number, enabled = true) {
  return useQuery({ ...moveOutQueryOptions(policyId), enabled: enabled && Number.isInteger(policyId) && policyId > 0 });
}

/** After a write: the answered acta is the cache's, and the history gets the event the API wrote. */
function useActaWritten(policyId: number) {
  const queryClient = useQueryClient();
  return async (acta: MoveOutActa) => {
    queryClient.setQueryData(moveOutQueryOptions(policyId).queryKey, acta);
    await queryClient.invalidateQueries({ queryKey: ['policies', 'events', policyId] });
  };
}

/** 'Guardar borrador': `ifMatch` is the version the form was loaded at (412 when someone saved since). */
export function useSaveMoveOut(policyId: number) {
  const written = useActaWritten(policyId);
  return useMutation({
    mutationFn: ({ body, ifMatch }: { body: MoveOutInput; ifMatch: number }) => callEndpoint(moveOutEndpoints.save, { params: { id: policyId }, body }, { ifMatch }),
    onSuccess: written,
  });
}

/** 'Enviar a firma': the acta frozen, its PDF drawn, the owner's and the tenant's links sent. */
export function useSendMoveOut(policyId: number) {
  const written = useActaWritten(policyId);
  return useMutation({
    mutationFn: (ifMatch: number) => callEndpoint(moveOutEndpoints.send, { params: { id: policyId } }, { ifMatch }),
    onSuccess: written,
  });
}

/** A photo of a room (from the phone's camera or a file); the answer is the acta with it. */
export function useUploadPhoto(policyId: number) {
  const written = useActaWritten(policyId);
  return useMutation({
    mutationFn: ({ roomKey, file }: { roomKey: string; file: File }) => uploadToEndpoint(moveOutEndpoints.uploadPhoto, { id: policyId, roomKey }, file),
    onSuccess: written,
  });
}

/** A link for the owner or the tenant to add photos (shown once: the server keeps only its hash). */
export function usePhotoLink(policyId: number) {
  return useMutation({ mutationFn: (party: MoveOutPhotoParty) => callEndpoint(moveOutEndpoints.photoLink, { params: { id: policyId }, body: { party } }) });
}

export function downloadActaPdf(policyId: number) {
  return callEndpointForBlob(moveOutEndpoints.pdf, { params: { id: policyId } }, { requireToken: true });
}

export function downloadPhoto(photoId: number) {
  return callEndpointForBlob(moveOutEndpoints.photo, { params: { id: photoId } }, { requireToken: true });
}
