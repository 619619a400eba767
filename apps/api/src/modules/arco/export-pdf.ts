import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ArcoExportFile } from './service';

/*
 * The ARCO export as a readable PDF (Spanish, letter size): one section per record, each field as
 * 'Etiqueta: valor'. Helvetica speaks WinAnsi; other characters become '?'.
 */

const fieldLabels: Record<string, string> = {
  name: 'Nombre',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  mobile: 'Celular',
  phonewhats: 'WhatsApp',
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
  workAddressMunicipality: 'Trabajo: municipio',
  workAddressState: 'Trabajo: estado',
  workAddressZipCode: 'Trabajo: código postal',
  guaranteeAddressStreet: 'Inmueble en garantía: calle',
  guaranteeAddressExteriorNumber: 'Inmueble en garantía: número exterior',
  guaranteeAddressInteriorNumber: 'Inmueble en garantía: número interior',
  guaranteeAddressColony: 'Inmueble en garantía: colonia',
  guaranteeAddressMunicipality: 'Inmueble en garantía: municipio',
  guaranteeAddressState: 'Inmueble en garantía: estado',
  guaranteeAddressZipCode: 'Inmueble en garantía: código postal',
  source: 'Origen',
  notes: 'Notas',
  status: 'Estado',
  title: 'Título',
  description: 'Descripción',
  date: 'Fecha',
  startTime: 'Inicio',
  endTime: 'Fin',
  location: 'Lugar',
  role: 'Papel',
  confirmed: 'Confirmó',
  brand: 'Marca',
  model: 'Modelo',
  year: 'Año',
  color: 'Color',
  licensePlate: 'Placas',
  bank: 'Banco',
  accountNumber: 'Número de cuenta',
  clabe: 'CLABE',
  accountHolder: 'Titular de la cuenta',
  type: 'Tipo',
  slot: 'Documento',
  originalFilename: 'Archivo',
  uploadedAt: 'Subido el',
  respuesta: 'Respuesta',
  folio: 'Folio',
  policyNumber: 'Número de póliza',
  policyStatus: 'Estado de la póliza',
  branchName: 'Sucursal',
};

const pageSize: [number, number] = [612, 792];
const margin = 56;

interface Cursor {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

/** Only what Helvetica (WinAnsi) can draw. */
function drawable(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff\u2013\u2014\u2022\u201c\u201d]/g, '?');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of drawable(text).split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines.length ? lines : [''];
}

function write(cursor: Cursor, text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
  const size = options.size ?? 10;
  const font = options.bold ? cursor.bold : cursor.regular;
  for (const line of wrap(text, font, size, pageSize[0] - 2 * margin)) {
    if (cursor.y < margin + size) {
      cursor.page = cursor.pdf.addPage(pageSize);
      cursor.y = pageSize[1] - margin;
    }
    cursor.page.drawText(line, { x: margin, y: cursor.y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
    cursor.y -= size * 1.45;
  }
  cursor.y -= options.gap ?? 0;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  return String(value);
}

function writeFields(cursor: Cursor, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
    write(cursor, `${fieldLabels[key] ?? key}: ${valueText(value)}`);
  }
}

export async function arcoExportPdf(file: ArcoExportFile): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Datos personales (solicitud ARCO)');
  pdf.setCreator('Portal de Pólizas');
  const cursor: Cursor = { pdf, page: pdf.addPage(pageSize), y: pageSize[1] - margin, regular: await pdf.embedFont(StandardFonts.Helvetica), bold: await pdf.embedFont(StandardFonts.HelveticaBold) };
  write(cursor, 'Datos personales en el Portal de Pólizas', { size: 16, bold: true, gap: 4 });
  write(cursor, `Solicitud de acceso (derechos ARCO). Generado el ${file.generatedAt}. Registros: ${file.records.length}.`, { gap: 10 });
  for (const record of file.records) {
    write(cursor, `${record.kindLabel} — ${record.where}`, { size: 12, bold: true, gap: 2 });
    writeFields(cursor, record.data);
    for (const [title, items] of Object.entries(record.lists)) {
      write(cursor, title, { bold: true });
      if (items.length === 0) write(cursor, 'Ninguno');
      for (const item of items) write(cursor, `• ${Object.entries(item).map(([key, value]) => `${fieldLabels[key] ?? key}: ${valueText(value)}`).join('; ')}`);
    }
    cursor.y -= 10;
  }
  return pdf.save();
}
