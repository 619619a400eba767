import { contactChannelLabels, contactPartyLabels, formatPesos, type ClaimContact, type ClaimDetail } from '@portal/domain';
import { formatDate } from '@/lib/dates';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/state-panels';
import type { ClaimAccess } from './claim-access';
import { formatMexicoDateTime } from './claim-format';
import { ContactButton } from './contact-form';

/** 'Gestión extrajudicial': the contact log, newest first, and 'Registrar gestión'. */
export function ContactsTab({ claim, access }: { claim: ClaimDetail; access: ClaimAccess }) {
  const contacts = [...claim.contacts].sort((a, b) => b.at.localeCompare(a.at) || b.id - a.id);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">Llamadas, visitas, correos, mensajes y cartas al inquilino y a los obligados solidarios. Horas de la Ciudad de México.</p>
        {access.canEdit ? <ContactButton claim={claim} /> : null}
      </div>
      {contacts.length === 0 ? (
        <EmptyState title="Sin gestiones" description="Aún no se registra ningún contacto de cobranza." />
      ) : (
        <ul aria-label="Gestiones de cobranza" className="space-y-2">
          {contacts.map((contact) => (
            <ContactItem key={contact.id} contact={contact} />
          ))}
        </ul>
      )}
    </>
  );
}

function ContactItem({ contact }: { contact: ClaimContact }) {
  return (
    <li>
      <Card className="space-y-1 p-3 text-sm">
        <p className="font-medium">
          {formatMexicoDateTime(contact.at)} · {contactChannelLabels[contact.channel]} · {contactPartyLabels[contact.party]}
          {contact.personName ? `: ${contact.personName}` : ''}
        </p>
        <p className="whitespace-pre-line">{contact.result}</p>
        {contact.promisedAt || contact.promisedAmount ? (
          <p className="font-medium text-brand-700 dark:text-brand-300">
            Promesa de pago{contact.promisedAmount ? ` de ${formatPesos(contact.promisedAmount)}` : ''}
            {contact.promisedAt ? ` para el ${formatDate(contact.promisedAt)}` : ''}
          </p>
        ) : null}
        <p className="text-xs text-slate-500 dark:text-slate-400">Registró {contact.recordedBy}</p>
      </Card>
    </li>
  );
}
