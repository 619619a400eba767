import { linkPartyLabels, type LinkParty } from '@portal/domain';

/** The words of the links panel and its dialogs, in one place. */
export const linkTexts = {
  title: 'Enlaces',
  intro: 'Envíe a cada persona un enlace personal para que suba sus documentos desde su teléfono, sin cuenta.',
  loading: 'Cargando enlaces...',
  loadError: 'Error al cargar los enlaces',
  empty: 'Aún no hay enlaces para esta póliza.',
  emptyHint: 'Con «Nuevo enlace» la persona recibe su propia página para subir sus documentos.',
  newLink: 'Nuevo enlace',
  closed: 'La investigación de esta póliza ya no recibe documentos: no se pueden crear enlaces para subirlos.',
  resend: 'Reenviar',
  revoke: 'Revocar',
  revokeTitle: '¿Revocar este enlace?',
  revokeDescription: 'La persona ya no podrá usarlo.',
  revoked: 'Enlace revocado',
  revokeFailed: 'No se pudo revocar el enlace',
  person: 'Persona',
  expiresInDays: 'Vigencia (días)',
  sendEmail: 'Enviar por correo',
  noEmailHint: 'Esta persona no tiene correo electrónico registrado; comparta el enlace copiándolo o por WhatsApp.',
  emailHint: (email: string) => `Se enviará a ${email}.`,
  create: 'Crear enlace',
  creating: 'Creando...',
  resendTitle: 'Reenviar enlace',
  resendDescription: 'Se creará un enlace nuevo y el anterior dejará de funcionar.',
  resending: 'Reenviando...',
  createFailed: 'No se pudo crear el enlace',
  resendFailed: 'No se pudo reenviar el enlace',
  issuedTitle: 'Enlace listo',
  urlLabel: 'Enlace',
  copy: 'Copiar enlace',
  copied: 'Enlace copiado',
  copyFailed: 'No se pudo copiar el enlace',
  copyFailedHint: 'Quedó seleccionado: cópielo con Ctrl+C (o mantenga presionado en el teléfono).',
  whatsapp: 'Enviar por WhatsApp',
  noMobile: 'Sin número móvil',
  shownOnce: 'Este enlace solo se muestra ahora. Si lo pierde, use «Reenviar» para crear uno nuevo.',
  emailed: (email: string) => `También se envió por correo a ${email}.`,
  signEmailedOnly: (email: string) => `El enlace de firma se envió por correo a ${email}. Es personal: solo esa persona puede abrirlo, por eso no se muestra aquí.`,
  signEmailOnlyHint: (email: string) => `Un enlace de firma solo se envía por correo a quien firma (${email}).`,
  expires: 'Vence',
  lastSent: 'Último envío',
  notSent: 'No enviado por correo',
} as const;

/** 'Inquilino 2' when the policy has several tenants; 'Inquilino' otherwise. */
export function partyLabel(party: LinkParty, partyIndex: number, count: number): string {
  return count > 1 ? `${linkPartyLabels[party]} ${partyIndex + 1}` : linkPartyLabels[party];
}
