import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { CalendarCheck, CalendarX, LinkIcon, MapPin, Video } from 'lucide-react';
import { invitationMessages, type AppointmentInvitationView, type AttendeeResponse } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { QueryError } from '@/components/ui/query-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { cn } from '@/lib/cn';
import { useAnswerInvitation, useAppointmentInvitation } from '../api';
import { longDate } from '../calendar/calendar-dates';
import { MeetLink } from '../components/meet-link';

/**
 * /cita/{token}: an attendee's page behind the invitation's links (issue 20), no session, made
 * for a phone. The e-mail's 'Confirmar asistencia' / 'No podré asistir' (?respuesta=si|no) is one
 * tap, as the e-mail promises (issue 29): the page records the answer it names and shows it, with
 * the other button to change it. The answer is posted by the page's script, not by opening the
 * address: a mail scanner that only fetches the link answers nothing, and one that runs the page
 * leaves an answer the person sees and can change (a change is told to the organiser once).
 */
export function AppointmentInvitationPage() {
  const token = useParams().token ?? '';
  const invitation = useAppointmentInvitation(token);
  usePageTitle('Invitación a una cita');

  let content;
  if (invitation.isPending) content = <Spinner className="mt-16" label="Cargando..." />;
  else if (invitation.isError) {
    content =
      isApiError(invitation.error) && invitation.error.status === 404 ? (
        <InvalidInvitation />
      ) : (
        <QueryError query={invitation} title="No se pudo abrir la invitación" />
      );
  } else content = <InvitationDetails token={token} view={invitation.data} />;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white px-4 py-3 dark:border-slate-800 dark:bg-slate-900">
        <p className="mx-auto max-w-xl truncate text-base font-semibold">{invitation.data?.branchName ?? 'Portal de Pólizas'}</p>
      </header>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-5">{content}</main>
      <footer className="px-4 pb-5 text-center text-xs text-slate-500 dark:text-slate-400">Este enlace es personal: no lo comparta.</footer>
    </div>
  );
}

function InvalidInvitation() {
  return (
    <div className="mt-10 flex flex-col items-center text-center">
      <LinkIcon aria-hidden="true" className="size-10 text-slate-400" />
      <h1 className="mt-4 text-xl font-semibold">{invitationMessages.notFound}</h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600 dark:text-slate-400">Si necesita la cita, comuníquese con la oficina que se la envió.</p>
    </div>
  );
}

const answered: Record<AttendeeResponse, string> = { yes: invitationMessages.confirmed, no: invitationMessages.declined };
/** When this press changed an earlier answer (the server says `changedFrom`), the page says so. */
const changedTo: Record<AttendeeResponse, string> = { yes: invitationMessages.changedToConfirmed, no: invitationMessages.changedToDeclined };

const linkAnswers: Record<string, AttendeeResponse> = { si: 'yes', no: 'no' };

/**
 * The answer the e-mailed link names, posted once when it is not already the recorded one; the
 * address then drops it, so a reload asks nothing again.
 */
function useAnswerFromLink(view: AppointmentInvitationView, answer: ReturnType<typeof useAnswerInvitation>) {
  const [params, setParams] = useSearchParams();
  const named = linkAnswers[params.get('respuesta') ?? ''];
  const posted = useRef(false);
  useEffect(() => {
    if (!named || posted.current) return;
    posted.current = true;
    if (!view.cancelled && view.response !== named) answer.mutate(named);
    setParams(
      (current) => {
        current.delete('respuesta');
        return current;
      },
      { replace: true },
    );
  }, [named, view.cancelled, view.response, answer, setParams]);
  return named;
}

function InvitationDetails({ token, view }: { token: string; view: AppointmentInvitationView }) {
  const answer = useAnswerInvitation(token);
  // The e-mail's 'No podré asistir' link puts that button first (and records it, above).
  const declineFirst = useAnswerFromLink(view, answer) === 'no' || view.response === 'no';
  const buttons: { response: AttendeeResponse; label: string; icon: typeof CalendarCheck }[] = [
    { response: 'yes', label: invitationMessages.confirm, icon: CalendarCheck },
    { response: 'no', label: invitationMessages.decline, icon: CalendarX },
  ];
  if (declineFirst) buttons.reverse();
  return (
    <article aria-labelledby="invitation-title" className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">Hola, {view.attendeeName}:</p>
      <h1 id="invitation-title" className="text-xl font-semibold break-words">
        {view.title}
      </h1>
      {view.cancelled ? <Alert>{invitationMessages.cancelled}</Alert> : null}
      <dl className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Fecha</dt>
          <dd className="first-letter:uppercase">{longDate(view.date)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Horario</dt>
          <dd>
            {view.startTime} – {view.endTime} (hora de la Ciudad de México)
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">Lugar</dt>
          <dd className="flex items-start gap-1.5 break-words">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
            {view.location}
          </dd>
        </div>
        {view.googleMeetUrl ? (
          <div>
            <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500 dark:text-slate-400">
              <Video aria-hidden="true" className="size-3.5" />
              Videollamada
            </dt>
            <dd className="min-w-0">
              <MeetLink url={view.googleMeetUrl} />
            </dd>
          </div>
        ) : null}
      </dl>
      {view.response ? (
        <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">
          {view.changedFrom ? changedTo[view.response] : answered[view.response]}
        </p>
      ) : null}
      {answer.isError ? <Alert>{errorMessage(answer.error)}</Alert> : null}
      {view.cancelled ? null : (
        <div className="flex flex-col gap-2 sm:flex-row">
          {buttons.map(({ response, label, icon: Icon }) => (
            <Button
              key={response}
              variant={response === 'yes' ? 'primary' : 'secondary'}
              className={cn('h-12 w-full sm:w-auto', view.response === response && 'ring-2 ring-brand-500')}
              aria-pressed={view.response === response}
              disabled={answer.isPending}
              onClick={() => answer.mutate(response)}
            >
              <Icon aria-hidden="true" />
              {label}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}
