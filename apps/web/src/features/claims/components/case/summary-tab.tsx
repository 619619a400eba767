import type { ReactNode } from 'react';
import { CheckCircle2, Mail, Phone, XCircle } from 'lucide-react';
import { formatPesos, formatPhone, periodLabel, telHref, type ClaimDetail, type LinkParty } from '@portal/domain';
import { Card } from '@/components/ui/card';
import type { ClaimAccess } from './claim-access';
import { EditClaimButton } from './edit-claim-dialog';

/** The people of a case by what they are to it (an aval is an obligado solidario in a lease). */
const partyNames: Record<LinkParty, string> = { tenant: 'Inquilino', guarantor: 'Obligado solidario', owner: 'Propietario', office: 'Oficina' };

/** 'Resumen': what happened, the months claimed, the people, and whether the case has its papers. */
export function SummaryTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  return (
    <>
      {access.canEdit ? (
        <div className="flex justify-end">
          <EditClaimButton claim={claim} />
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <Block title="Descripción">
          <p className="text-sm whitespace-pre-line">{claim.description}</p>
        </Block>
        <Block title="Rentas en mora reclamadas">
          {claim.arrearsMonths.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Sin meses en mora al abrir la incidencia.</p>
          ) : (
            <ul aria-label="Meses en mora" className="space-y-1 text-sm">
              {claim.arrearsMonths.map((month) => (
                <li key={month.period} className="flex justify-between gap-4">
                  <span>{periodLabel(month.period)}</span>
                  <span className="tabular-nums">{formatPesos(month.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </Block>
        <Block title="Personas">
          <ul aria-label="Personas de la incidencia" className="space-y-3 text-sm">
            {claim.people.map((person) => (
              <li key={`${person.party}-${person.name}`}>
                <p className="font-medium">
                  {person.name} <span className="font-normal text-slate-500 dark:text-slate-400">· {partyNames[person.party]}</span>
                </p>
                <Contact person={person} />
              </li>
            ))}
          </ul>
        </Block>
        <Block title="Validación">
          <ul aria-label="Documentos del caso" className="space-y-1.5 text-sm">
            {claim.checklist.map((item) => (
              <li key={item.item} className="flex items-center gap-2">
                {item.ok ? (
                  <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
                ) : (
                  <XCircle aria-hidden="true" className="size-4 shrink-0 text-red-600" />
                )}
                <span>{item.label}</span>
                <span className={item.ok ? 'text-emerald-700 dark:text-emerald-400' : 'font-medium text-red-700 dark:text-red-400'}>{item.ok ? 'Completo' : 'Falta'}</span>
              </li>
            ))}
          </ul>
        </Block>
      </div>
    </>
  );
}

function Contact({ person }: { person: ClaimDetail['people'][number] }) {
  const tel = telHref(person.phone);
  return (
    <p className="mt-0.5 flex flex-wrap gap-x-4 gap-y-1 text-slate-600 dark:text-slate-400">
      {person.phone ? (
        <span className="inline-flex items-center gap-1">
          <Phone aria-hidden="true" className="size-3.5" />
          {tel ? (
            <a href={tel} className="hover:underline">
              {formatPhone(person.phone)}
            </a>
          ) : (
            person.phone
          )}
        </span>
      ) : null}
      {person.email ? (
        <span className="inline-flex items-center gap-1">
          <Mail aria-hidden="true" className="size-3.5" />
          <a href={`mailto:${person.email}`} className="hover:underline">
            {person.email}
          </a>
        </span>
      ) : null}
      {!person.phone && !person.email ? <span>Sin teléfono ni correo</span> : null}
    </p>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-2 p-4">
      <h2 className="text-sm font-semibold">{title}</h2>
      {children}
    </Card>
  );
}
