/*
 * The SAT's catalogues a fee's CFDI 4.0 needs (Anexo 20, catálogos del CFDI 4.0), bundled as data:
 * no zod, so the web's dialog filters its selects with the same rules the API checks.
 */
import type { RecordablePaymentMethod } from '../rents/rent-values';

/** A persona física has a 13-character RFC, a persona moral a 12-character one. */
export type TaxpayerKind = 'fisica' | 'moral';

/** The RFC's kind by its length, as the SAT writes it (the check digit is the server's to check). */
export function taxpayerKindOf(rfc: string): TaxpayerKind | null {
  const length = rfc.trim().length;
  return length === 13 ? 'fisica' : length === 12 ? 'moral' : null;
}

interface TaxSystem {
  label: string;
  fisica: boolean;
  moral: boolean;
}

/** c_RegimenFiscal, with the columns 'Física' and 'Moral' of the SAT's catalogue. */
export const satTaxSystems: Record<string, TaxSystem> = {
  '601': { label: 'General de Ley Personas Morales', fisica: false, moral: true },
  '603': { label: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  '605': { label: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  '606': { label: 'Arrendamiento', fisica: true, moral: false },
  '607': { label: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  '608': { label: 'Demás ingresos', fisica: true, moral: false },
  '610': { label: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  '611': { label: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  '612': { label: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  '614': { label: 'Ingresos por intereses', fisica: true, moral: false },
  '615': { label: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  '616': { label: 'Sin obligaciones fiscales', fisica: true, moral: false },
  '620': { label: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  '621': { label: 'Incorporación Fiscal', fisica: true, moral: false },
  '622': { label: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  '623': { label: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  '624': { label: 'Coordinados', fisica: false, moral: true },
  '625': { label: 'Régimen de las Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  '626': { label: 'Régimen Simplificado de Confianza', fisica: true, moral: true },
};

/** The régimen keys a taxpayer of this kind may have, in the catalogue's order. */
export function taxSystemsFor(kind: TaxpayerKind): string[] {
  return Object.keys(satTaxSystems).filter((key) => satTaxSystems[key]![kind]);
}

// The régimen columns of c_UsoCFDI ('RegimenFiscalReceptor'), shared by whole groups of uses.
const businessRegimes = ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'];
const personalDeductionRegimes = ['605', '606', '607', '608', '611', '612', '614', '615', '625'];
const noEffectRegimes = ['601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626'];

interface InvoiceUse {
  label: string;
  regimes: readonly string[];
}

/**
 * c_UsoCFDI for an income CFDI (type I), with the régimenes each is allowed for (the CFDI 4.0
 * matrix). CP01 (pagos) and CN01 (nómina) belong to other kinds of CFDI and are left out.
 */
export const satInvoiceUses: Record<string, InvoiceUse> = {
  G01: { label: 'Adquisición de mercancías', regimes: businessRegimes },
  G02: { label: 'Devoluciones, descuentos o bonificaciones', regimes: businessRegimes },
  G03: { label: 'Gastos en general', regimes: businessRegimes },
  I01: { label: 'Construcciones', regimes: businessRegimes },
  I02: { label: 'Mobiliario y equipo de oficina por inversiones', regimes: businessRegimes },
  I03: { label: 'Equipo de transporte', regimes: businessRegimes },
  I04: { label: 'Equipo de cómputo y accesorios', regimes: businessRegimes },
  I05: { label: 'Dados, troqueles, moldes, matrices y herramental', regimes: businessRegimes },
  I06: { label: 'Comunicaciones telefónicas', regimes: businessRegimes },
  I07: { label: 'Comunicaciones satelitales', regimes: businessRegimes },
  I08: { label: 'Otra maquinaria y equipo', regimes: businessRegimes },
  D01: { label: 'Honorarios médicos, dentales y gastos hospitalarios', regimes: personalDeductionRegimes },
  D02: { label: 'Gastos médicos por incapacidad o discapacidad', regimes: personalDeductionRegimes },
  D03: { label: 'Gastos funerales', regimes: personalDeductionRegimes },
  D04: { label: 'Donativos', regimes: personalDeductionRegimes },
  D05: { label: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)', regimes: personalDeductionRegimes },
  D06: { label: 'Aportaciones voluntarias al SAR', regimes: personalDeductionRegimes },
  D07: { label: 'Primas por seguros de gastos médicos', regimes: personalDeductionRegimes },
  D08: { label: 'Gastos de transportación escolar obligatoria', regimes: personalDeductionRegimes },
  D09: { label: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones', regimes: personalDeductionRegimes },
  D10: { label: 'Pagos por servicios educativos (colegiaturas)', regimes: personalDeductionRegimes },
  S01: { label: 'Sin efectos fiscales', regimes: noEffectRegimes },
};

/** The uses a customer of this régimen may ask for, in the catalogue's order. */
export function invoiceUsesFor(taxSystem: string): string[] {
  return Object.keys(satInvoiceUses).filter((key) => satInvoiceUses[key]!.regimes.includes(taxSystem));
}

/** c_FormaPago: the forms a fee payment can be declared with (the ones our payment methods map to). */
export const satPaymentFormLabels: Record<string, string> = {
  '01': 'Efectivo',
  '02': 'Cheque nominativo',
  '03': 'Transferencia electrónica de fondos',
  '04': 'Tarjeta de crédito',
  '28': 'Tarjeta de débito',
};

/**
 * How a recorded fee payment is declared (FormaPago, with MetodoPago PUE: it was paid when the
 * invoice is issued). A deposit is cash taken to the office's bank window (the SAT's guide: a cash
 * deposit is 01); a deposit by transfer is recorded as a transfer. A card is declared 04, tarjeta de
 * crédito: the portal records 'Tarjeta' without its kind, and most fees paid by card at the
 * office's terminal are paid by credit card (to spread them); a debit payment declared 04 is
 * cancelled (motive 02) and issued again.
 */
export const satPaymentFormForMethod: Record<RecordablePaymentMethod, string> = {
  transfer: '03',
  cash: '01',
  check: '02',
  card: '04',
  deposit: '01',
};

/**
 * The fee's concept (ClaveProdServ). A póliza jurídica de arrendamiento is a legal service: the
 * investigation of the tenant, the lease drawn and the legal defence if it is breached. It is not
 * a lease (80131500 is the landlord's own rent) nor insurance (84131500 is an insurer's premium,
 * and the office is not an insurer), so the class is the legal services about contracts,
 * 80121704 'Servicios legales sobre contratos'. An office whose accountant prefers another key
 * changes it here.
 */
export const feeInvoiceProductKey = '80121704';

/** ClaveUnidad of a service: E48 'Unidad de servicio'. */
export const feeInvoiceUnitKey = 'E48';
export const feeInvoiceUnitName = 'Unidad de servicio';

/** ObjetoImp 02 with IVA trasladado at the fee's rate; PUE: paid in one go before it is invoiced. */
export const feeInvoicePaymentMethod = 'PUE';
