import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  appointmentEndpoints,
  appointmentInvitationEndpoints,
  appointmentPageSize,
  policyEndpoints,
  type AppointmentWhen,
  type AttendeeResponse,
  type AppointmentInput,
} from '@portal/domain';
import { isApiError } from '@/lib/api-client';
import { callEndpoint, callEndpointForBlob } from '@/lib/endpoint-client';

const appointmentsKey = ['appointments'] as const;

// --- search (the list) -------------------------------------------------------------------------

/** 'Control de Citas' in list view: the tab's appointments (issue 20), five per page, searched on the server. */
function searchAppointments(q: string, when: AppointmentWhen, page: number, signal?: AbortSignal) {
  return callEndpoint(
    appointmentEndpoints.search,
    { query: { q: q.trim() || undefined, when, page, pageSize: appointmentPageSize } },
    // Spec section 8: a failed list call (401/403/500/504, timeout, no response) ends the session.
    { signal, endSessionOnFailure: true },
  );
}

function appointmentSearchQueryOptions(q: string, when: AppointmentWhen, page: number) {
  return queryOptions({
    queryKey: [...appointmentsKey, 'search', { q: q.trim(), when, page }] as const,
    queryFn: ({ signal }) => searchAppointments(q, when, page, signal),
    // A failure that matters has already ended the session; what is left (a 400) will not heal.
    retry: false,
  });
}

export function useAppointmentSearch(q: string, when: AppointmentWhen, page: number, options: { enabled: boolean }) {
  // While another page or search loads, the previous cards stay on screen.
  return useQuery({ ...appointmentSearchQueryOptions(q, when, page), enabled: options.enabled, placeholderData: keepPreviousData });
}

// --- the calendar's days -----------------------------------------------------------------------

/** The appointments of the days the calendar shows (yyyy-MM-dd, both included), in time order. */
function listAppointmentsBetween(from: string, to: string, signal?: AbortSignal) {
  return callEndpoint(appointmentEndpoints.range, { query: { from, to } }, { signal, endSessionOnFailure: true });
}

function appointmentRangeQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: [...appointmentsKey, 'range', { from, to }] as const,
    queryFn: async ({ signal }) => {
      const items = await listAppointmentsBetween(from, to, signal);
      // Spec section 7: a non-array answer is treated as empty.
      return Array.isArray(items) ? items : [];
    },
    retry: false,
  });
}

export function useAppointmentRange(from: string, to: string) {
  return useQuery({ ...appointmentRangeQueryOptions(from, to), placeholderData: keepPreviousData });
}

// --- the policy an appointment names (issue 14) -----------------------------------------------

/** How many policies the dialog's picker offers for what was typed. */
const policyChoiceLimit = 8;

/** Policies of the caller's branch matching the text (folio, names, address), newest first. */
export function usePolicyChoices(q: string, options: { enabled: boolean }) {
  return useQuery({
    queryKey: ['appointments', 'policy-choices', q.trim()] as const,
    queryFn: ({ signal }) =>
      callEndpoint(policyEndpoints.search, { query: { q: q.trim() || undefined, limit: policyChoiceLimit } }, { signal }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** The chosen policy's folio and tenants, for an appointment that already names one. */
export function useChosenPolicy(id: number | null) {
  return useQuery({
    queryKey: ['appointments', 'policy-choice', id ?? 0] as const,
    queryFn: ({ signal }) => callEndpoint(policyEndpoints.get, { params: { id: id ?? 0 } }, { signal }),
    enabled: id !== null,
  });
}

// --- writes ------------------------------------------------------------------------------------

function createAppointment(body: AppointmentInput) {
  return callEndpoint(appointmentEndpoints.create, { body });
}

/** The form's save; `ifMatch` is the version it was opened at (412 when someone saved since, decision 023). */
function updateAppointment(id: number, body: AppointmentInput, ifMatch?: number) {
  return callEndpoint(appointmentEndpoints.update, { params: { id }, body }, { ifMatch });
}

/** One appointment as the server has it now ('Recargar' in its form after a 412). */
export function fetchAppointment(id: number) {
  return callEndpoint(appointmentEndpoints.get, { params: { id } });
}

/** Gone for good, attendees with it (the spec's GET path). */
function deleteAppointment(id: number) {
  return callEndpoint(appointmentEndpoints.remove, { params: { id } });
}

/** Every list and calendar range refetches after a write: an appointment may move between them. */
function useRefreshAppointments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: appointmentsKey });
}

export function useCreateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: createAppointment, onSuccess: refresh });
}

export function useUpdateAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({
    mutationFn: ({ id, body, ifMatch }: { id: number; body: AppointmentInput; ifMatch?: number | undefined }) => updateAppointment(id, body, ifMatch),
    onSuccess: refresh,
  });
}

export function useDeleteAppointment() {
  const refresh = useRefreshAppointments();
  return useMutation({ mutationFn: deleteAppointment, onSuccess: refresh });
}

// --- iCalendar ---------------------------------------------------------------------------------

/** One appointment as a .ics file (the bearer header rules out a plain link). */
export function downloadAppointmentIcs(id: number) {
  return callEndpointForBlob(appointmentEndpoints.ics, { params: { id } }, { requireToken: true });
}

/** Creates the user's private calendar link, or replaces it (the old one stops working). */
function createAppointmentFeed() {
  return callEndpoint(appointmentEndpoints.createFeed);
}

function revokeAppointmentFeed() {
  return callEndpoint(appointmentEndpoints.revokeFeed);
}

export function useCreateAppointmentFeed() {
  return useMutation({ mutationFn: createAppointmentFeed });
}

export function useRevokeAppointmentFeed() {
  return useMutation({ mutationFn: revokeAppointmentFeed });
}

// --- the attendee's answer page (issue 20) -----------------------------------------------------

/* No session (`auth: false`): the token in the path is the credential. A 4xx is the link's answer. */

function invitationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['appointment-invitation', token] as const,
    queryFn: ({ signal }) => callEndpoint(appointmentInvitationEndpoints.view, { params: { token } }, { signal, auth: false }),
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
    staleTime: Infinity,
  });
}

export function useAppointmentInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

/** 'Confirmar asistencia' (yes) or 'No podré asistir' (no): the page shows the answer the server kept. */
export function useAnswerInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (response: AttendeeResponse) => callEndpoint(appointmentInvitationEndpoints.answer, { params: { token }, body: { response } }, { auth: false }),
    onSuccess: (view) => queryClient.setQueryData(invitationQueryOptions(token).queryKey, view),
  });
}
