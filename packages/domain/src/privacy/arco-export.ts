/*
 * The ARCO access export (issue 19; reviewed in issue 29): what its JSON keys mean, and the Spanish
 * labels the PDF shows for them. The PDF goes to the person it describes, so it shows labels, never
 * a key, and neither file carries a hash, a token or a key of any kind. The keys are documented in
 * docs/decisions/019-security-and-privacy.md ('The ARCO export's keys'); a key added here is a key
 * added there.
 */

/** The label of each key of a record's `data` and of its lists' items. */
export const arcoExportFieldLabels: Readonly<Record<string, string>> = {
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  mobile: 'Celular',
  phonewhats: 'WhatsApp',
  rfc: 'RFC',
  curp: 'CURP',
  profession: 'Profesión',
  monthlyIncome: 'Ingreso mensual',
  company: 'Empresa',
  seniority: 'Antigüedad',
  immediateBoss: 'Jefe inmediato',
  requiresInvoice: 'Requiere factura',
  addressStreet: 'Calle',
  addressExteriorNumber: 'Número exterior',
  addressInteriorNumber: 'Número interior',
  addressColony: 'Colonia',
  addressMunicipality: 'Municipio o alcaldía',
  addressState: 'Estado',
  addressZipCode: 'Código postal',
  workAddressStreet: 'Trabajo: calle',
  workAddressExteriorNumber: 'Trabajo: número exterior',
  workAddressInteriorNumber: 'Trabajo: número interior',
  workAddressColony: 'Trabajo: colonia',
  workAddressMunicipality: 'Trabajo: municipio o alcaldía',
  workAddressState: 'Trabajo: estado',
  workAddressZipCode: 'Trabajo: código postal',
  sameAddressAsGuarantee: 'Su domicilio es el inmueble en garantía',
  hasGuaranteeAddress: 'Tiene otro inmueble en garantía',
  guaranteeAddressStreet: 'Inmueble en garantía: calle',
  guaranteeAddressExteriorNumber: 'Inmueble en garantía: número exterior',
  guaranteeAddressInteriorNumber: 'Inmueble en garantía: número interior',
  guaranteeAddressColony: 'Inmueble en garantía: colonia',
  guaranteeAddressMunicipality: 'Inmueble en garantía: municipio o alcaldía',
  guaranteeAddressState: 'Inmueble en garantía: estado',
  guaranteeAddressZipCode: 'Inmueble en garantía: código postal',
  bank: 'Banco',
  accountNumber: 'Número de cuenta',
  clabe: 'CLABE',
  accountHolder: 'Titular de la cuenta',
  source: 'Origen',
  status: 'Estatus',
  followUpDate: 'Fecha de seguimiento',
  createdAt: 'Registrado el',
  updatedAt: 'Última modificación',
  notes: 'Notas',
  role: 'Participa como',
  confirmed: 'Confirmó su asistencia',
  response: 'Respuesta a la invitación',
  respondedAt: 'Respondió el',
  invitedAt: 'Invitado el',
  title: 'Cita',
  description: 'Descripción',
  date: 'Fecha',
  startTime: 'Hora de inicio',
  endTime: 'Hora de fin',
  location: 'Lugar',
  appointmentType: 'Tipo de cita',
  appointmentStatus: 'Estatus de la cita',
  brand: 'Marca',
  model: 'Modelo',
  year: 'Año',
  color: 'Color',
  licensePlate: 'Placas',
  type: 'Tipo',
  slot: 'Documento',
  originalFilename: 'Archivo',
  uploadedAt: 'Subido el',
  respuesta: 'Observaciones de la revisión',
  body: 'Texto',
  direction: 'Sentido',
  kind: 'Tipo',
  contactName: 'Contacto',
  commissionPercent: 'Comisión (% de honorarios antes de IVA)',
  commissionIvaPercent: 'IVA de la comisión (%)',
  isrWithholdingPercent: 'Retención de ISR (%)',
  ivaWithholdingPercent: 'Retención de IVA (%)',
  paidOn: 'Pagado el',
  reference: 'Referencia',
  gross: 'Comisión',
  iva: 'IVA',
  isrWithheld: 'ISR retenido',
  ivaWithheld: 'IVA retenido',
  net: 'Neto transferido',
};

/** The title of each list of a record. */
export const arcoExportListLabels = {
  references: 'Referencias',
  documents: 'Documentos',
  vehicle: 'Vehículo',
  notes: 'Notas',
  messages: 'Mensajes de WhatsApp',
  payouts: 'Pagos de comisiones',
} as const;
export type ArcoExportList = keyof typeof arcoExportListLabels;

export const arcoExportTexts = {
  pdfTitle: 'Datos personales (solicitud ARCO)',
  heading: 'Datos personales en el Portal de Pólizas',
  intro: (generatedAt: string, records: number) =>
    `Solicitud de acceso (derechos ARCO). Generado el ${generatedAt}. Registros: ${records}. Se muestran los datos registrados; los campos vacíos se omiten.`,
  none: 'Ninguno',
  yes: 'Sí',
  no: 'No',
  willAttend: 'Asistirá',
  willNotAttend: 'No asistirá',
  received: 'Recibido',
  sent: 'Enviado',
  leadWhere: (createdAt: string, branch: string) => `Prospecto registrado el ${createdAt}, ${branch}`,
} as const;

/** A key that names a secret ('rsvpTokenHash', 'apikey', 'passwordHash'…): never exported. */
export function isSecretKey(key: string): boolean {
  return /hash|token|secret|api_?key|password|contrase/i.test(key);
}

// Hex digests (32+), JWTs, and long unbroken runs of base64url (40+) that mix letters and digits.
const secretRun = /\b(?:eyJ[\w-]+\.[\w-]+\.[\w-]*|[a-f0-9]{32,}|(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{40,})\b/gi;

/** A text that is nothing but a secret (a digest, a token). */
export function looksLikeSecret(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && trimmed.replace(secretRun, '') === '';
}

/** A free text with its secret-looking runs (a token inside a pasted link) replaced. */
export function withoutSecretRuns(text: string): string {
  return text.replace(secretRun, '[dato oculto]');
}
