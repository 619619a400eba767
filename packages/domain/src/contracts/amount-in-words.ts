/*
 * Amounts and dates as Mexican contracts write them (issue 16): '$18,500.00 (DIECIOCHO MIL
 * QUINIENTOS PESOS 00/100 M.N.)' and '1 de diciembre de 2026'. Pure functions, shared by the API's
 * documents and anything the web shows.
 */

const units = ['', 'UN', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE'];
const tenToTwentyNine = [
  'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE',
  'VEINTE', 'VEINTIÚN', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE',
  'VEINTIOCHO', 'VEINTINUEVE',
];
const tens = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const hundreds = [
  '', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS',
  'OCHOCIENTOS', 'NOVECIENTOS',
];

/** 1–99 in the apocopated form that precedes a noun ('VEINTIÚN PESOS', 'TREINTA Y UN MIL'). */
function belowHundred(n: number): string {
  if (n < 10) return units[n] ?? '';
  if (n < 30) return tenToTwentyNine[n - 10] ?? '';
  const unit = n % 10;
  const ten = tens[Math.floor(n / 10)] ?? '';
  return unit === 0 ? ten : `${ten} Y ${units[unit]}`;
}

/** 1–999; exactly 100 is 'CIEN', 101–199 'CIENTO …'. */
function belowThousand(n: number): string {
  if (n === 100) return 'CIEN';
  const rest = n % 100;
  const head = hundreds[Math.floor(n / 100)] ?? '';
  if (rest === 0) return head;
  return head ? `${head} ${belowHundred(rest)}` : belowHundred(rest);
}

/** 1–999,999: 'MIL' alone for one thousand ('MIL UN', never 'UN MIL'). */
function belowMillion(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const head = thousands === 0 ? '' : thousands === 1 ? 'MIL' : `${belowThousand(thousands)} MIL`;
  if (rest === 0) return head;
  return head ? `${head} ${belowThousand(rest)}` : belowThousand(rest);
}

/** A whole number of pesos in words; 0 is 'CERO'. Up to 999,999,999,999. */
export function integerInWords(n: number): string {
  if (n === 0) return 'CERO';
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const head = millions === 0 ? '' : millions === 1 ? 'UN MILLÓN' : `${belowMillion(millions)} MILLONES`;
  if (rest === 0) return head;
  return head ? `${head} ${belowMillion(rest)}` : belowMillion(rest);
}

/** Whole pesos and cents, rounded to the cent once so 0.1 + 0.2 never becomes 29/100. */
function splitCents(amount: number): { pesos: number; cents: number } {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Importe no válido: ${amount}`);
  const totalCents = Math.round(amount * 100);
  return { pesos: Math.floor(totalCents / 100), cents: totalCents % 100 };
}

/**
 * 'DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.'. Exact millions take 'DE' before the currency
 * ('UN MILLÓN DE PESOS'), as Spanish grammar asks.
 */
export function amountInWords(amount: number): string {
  const { pesos, cents } = splitCents(amount);
  const words = integerInWords(pesos);
  const exactMillions = pesos >= 1_000_000 && pesos % 1_000_000 === 0;
  const currency = pesos === 1 ? 'PESO' : 'PESOS';
  return `${words}${exactMillions ? ' DE' : ''} ${currency} ${String(cents).padStart(2, '0')}/100 M.N.`;
}

/** '$18,500.00' — grouping by thousands, two decimals, as Mexican documents print amounts. */
export function formatMoney(amount: number): string {
  const { pesos, cents } = splitCents(amount);
  const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${grouped}.${String(cents).padStart(2, '0')}`;
}

/** '$18,500.00 (DIECIOCHO MIL QUINIENTOS PESOS 00/100 M.N.)' */
export function moneyWithWords(amount: number): string {
  return `${formatMoney(amount)} (${amountInWords(amount)})`;
}

const monthNames = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre',
  'diciembre',
];

/** '2026-12-01' → '1 de diciembre de 2026'. Works on the calendar date itself (no time zone shifts). */
export function spanishLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new RangeError(`Fecha no válida: ${isoDate}`);
  const [, year, month, day] = match;
  return `${Number(day)} de ${monthNames[Number(month) - 1]} de ${year}`;
}
