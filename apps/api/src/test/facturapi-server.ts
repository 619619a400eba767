import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simplePdf } from '../lib/simple-pdf';

/*
 * A local server on loopback that speaks the part of Facturapi's API v2 the portal uses (issue 34),
 * as its documentation gives it: `Authorization: Bearer sk_test_…|sk_live_…`; POST /v2/invoices
 * with the customer inline; GET /v2/invoices/{id}/xml and /pdf; DELETE /v2/invoices/{id}?motive=
 * &substitution=. Errors are Facturapi's bodies: `{ ok: false, message, status, code, path? }`,
 * the message in Spanish. Tests point the SDK at it (FACTURAPI_URL); it is never the real service.
 */

/** A request as it arrived: what the tests count and read. */
export interface FacturapiRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  authorization: string | undefined;
}

interface FacturapiServerOptions {
  /** A fixed port (the e2e run's); any free one by default. */
  port?: number;
  /** An RFC the fake SAT refuses as not registered: a PAC error the portal must show in Spanish. */
  rejectRfc?: string;
  /** Milliseconds before an invoice is answered (stamping takes a moment: two clicks overlap in it). */
  stampDelayMs?: number;
  /** Cancellations wait for the customer's acceptance ('pending') instead of being accepted at once. */
  pendingCancellations?: boolean;
  /** Told of each request as it arrives (the e2e run writes them to a file the journey reads). */
  onRequest?: (request: FacturapiRequest) => void;
}

interface StoredInvoice {
  json: Record<string, unknown>;
  subtotalCents: bigint;
  ivaCents: bigint;
}

const satRfcRejection = 'El RFC del receptor no se encuentra en la lista de RFC inscritos no cancelados del SAT.';
const rfcPattern = /^[A-ZÑ&]{3,4}\d{6}[A-Z\d]{3}$/;
const taxSystems = new Set(['601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626']);
const invoiceUses = /^(G0[1-3]|I0[1-8]|D(0[1-9]|10)|S01|CP01|CN01)$/;
const paymentForms = /^(0[1-6]|08|1[2-5]|17|2[3-9]|3[01]|99)$/;

class FacturapiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

const invalid = (path: string, message: string) => new FacturapiFailure(400, message, { code: 'invalid_request', location: 'body', path });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, path: string, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, `El campo ${path} es requerido.`);
  if (pattern && !pattern.test(value)) throw invalid(path, `El campo ${path} no tiene un valor válido: "${value}".`);
  return value;
}

/** Millionths of the amount, exactly (a JSON number with up to six decimals). */
function micros(value: unknown, path: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw invalid(path, `El campo ${path} debe ser un número mayor o igual a 0.`);
  const [whole, fraction = ''] = value.toFixed(6).split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/** Millionths → centavos, half away from zero (the comprobante's totals). */
const toCents = (amount: bigint) => (amount + 5_000n) / 10_000n;
const pesos = (cents: bigint) => Number(cents) / 100;

/** Checks the request as Facturapi documents it; the concepts' amounts as the PAC computes them. */
function validateInvoice(body: unknown, rejectRfc: string | undefined) {
  if (!isObject(body)) throw invalid('', 'El cuerpo de la solicitud debe ser un objeto JSON.');
  const customer = body.customer;
  if (!isObject(customer)) throw invalid('customer', 'El campo customer es requerido.');
  text(customer.legal_name, 'customer.legal_name');
  const rfc = text(customer.tax_id, 'customer.tax_id', rfcPattern);
  text(customer.tax_system, 'customer.tax_system', /^\d{3}$/);
  if (!taxSystems.has(customer.tax_system as string)) throw invalid('customer.tax_system', 'El régimen fiscal del receptor no existe en el catálogo c_RegimenFiscal.');
  if (!isObject(customer.address)) throw invalid('customer.address', 'El campo customer.address es requerido.');
  text(customer.address.zip, 'customer.address.zip', /^\d{5}$/);
  text(body.use, 'use', invoiceUses);
  text(body.payment_form, 'payment_form', paymentForms);
  if (body.payment_method !== undefined) text(body.payment_method, 'payment_method', /^(PUE|PPD)$/);
  if (!Array.isArray(body.items) || body.items.length === 0) throw invalid('items', 'El campo items debe tener al menos un concepto.');
  let subtotal = 0n;
  let iva = 0n;
  body.items.forEach((item: unknown, index) => {
    const path = `items.${index}`;
    if (!isObject(item) || !isObject(item.product)) throw invalid(`${path}.product`, `El campo ${path}.product es requerido.`);
    const quantity = item.quantity ?? 1;
    if (typeof quantity !== 'number' || quantity <= 0) throw invalid(`${path}.quantity`, `El campo ${path}.quantity debe ser mayor que 0.`);
    const product = item.product;
    text(product.description, `${path}.product.description`);
    text(product.product_key, `${path}.product.product_key`, /^\d{8}$/);
    const amount = micros(product.price, `${path}.product.price`) * BigInt(quantity);
    if (product.tax_included !== false) throw invalid(`${path}.product.tax_included`, 'Este servidor de pruebas espera precios antes de impuestos (tax_included: false).');
    const taxes = Array.isArray(product.taxes) ? product.taxes : [];
    subtotal += amount;
    for (const tax of taxes) {
      if (!isObject(tax) || tax.type !== 'IVA') throw invalid(`${path}.product.taxes`, 'Solo se admite IVA trasladado en este servidor de pruebas.');
      iva += (amount * micros(tax.rate, `${path}.product.taxes.rate`)) / 1_000_000n;
    }
  });
  if (rejectRfc && rfc === rejectRfc) {
    throw new FacturapiFailure(400, satRfcRejection, { code: 'sat_validation_error', path: 'customer.tax_id', errors: [{ source: 'sat', code: 'CFDI40144', message: satRfcRejection }] });
  }
  return { subtotalCents: toCents(subtotal), ivaCents: toCents(iva) };
}

/** A CFDI 4.0 as a PAC stamps it (abridged): the emisor, receptor, one concept, IVA and the TimbreFiscalDigital. */
function cfdiXml(invoice: StoredInvoice): string {
  const json = invoice.json;
  const customer = json.customer as Record<string, string>;
  const item = ((json.items as Array<{ product: Record<string, unknown> }>)[0]!).product;
  const subtotal = pesos(invoice.subtotalCents).toFixed(2);
  const iva = pesos(invoice.ivaCents).toFixed(2);
  const total = pesos(invoice.subtotalCents + invoice.ivaCents).toFixed(2);
  const escape = (value: unknown) => String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" Version="4.0" Serie="${escape(json.series)}" Folio="${escape(json.folio_number)}" Fecha="${escape(String(json.date).slice(0, 19))}" FormaPago="${escape(json.payment_form)}" MetodoPago="${escape(json.payment_method)}" SubTotal="${subtotal}" Moneda="MXN" Total="${total}" TipoDeComprobante="I" Exportacion="01" LugarExpedicion="06600">
  <cfdi:Emisor Rfc="EKU9003173C9" Nombre="ESCUELA KEMPER URGATE" RegimenFiscal="601"/>
  <cfdi:Receptor Rfc="${escape(customer.tax_id)}" Nombre="${escape(customer.legal_name)}" DomicilioFiscalReceptor="${escape((json.customer as { address: { zip: string } }).address.zip)}" RegimenFiscalReceptor="${escape(customer.tax_system)}" UsoCFDI="${escape(json.use)}"/>
  <cfdi:Conceptos>
    <cfdi:Concepto ClaveProdServ="${escape(item.product_key)}" Cantidad="1" ClaveUnidad="${escape(item.unit_key ?? 'E48')}" Descripcion="${escape(item.description)}" ValorUnitario="${escape(item.price)}" Importe="${subtotal}" ObjetoImp="02"/>
  </cfdi:Conceptos>
  <cfdi:Impuestos TotalImpuestosTrasladados="${iva}"/>
  <cfdi:Complemento>
    <tfd:TimbreFiscalDigital Version="1.1" UUID="${escape(json.uuid)}" FechaTimbrado="${escape(String(json.date).slice(0, 19))}" RfcProvCertif="SPR190613I52" NoCertificadoSAT="30001000000500003456"/>
  </cfdi:Complemento>
</cfdi:Comprobante>
`;
}

function invoicePdf(invoice: StoredInvoice): Buffer {
  const json = invoice.json;
  const customer = json.customer as Record<string, string>;
  return simplePdf([
    `Factura ${String(json.series)}-${String(json.folio_number)}`,
    `Folio fiscal: ${String(json.uuid)}`,
    `Receptor: ${customer.legal_name} (${customer.tax_id})`,
    `Subtotal: ${pesos(invoice.subtotalCents).toFixed(2)}  IVA: ${pesos(invoice.ivaCents).toFixed(2)}  Total: ${pesos(invoice.subtotalCents + invoice.ivaCents).toFixed(2)}`,
  ]);
}

/** Starts the server on 127.0.0.1: its base URL (…/v2, what FACTURAPI_URL takes), the requests it received, stop(). */
export async function startFacturapiServer(options: FacturapiServerOptions = {}) {
  const requests: FacturapiRequest[] = [];
  const invoices = new Map<string, StoredInvoice>();
  let folio = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? (JSON.parse(raw) as unknown) : null;
      } catch {
        body = raw;
      }
      const entry: FacturapiRequest = { method: request.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), body, authorization: request.headers.authorization };
      requests.push(entry);
      options.onRequest?.(entry);
      void answer(entry, response).catch((error: unknown) => {
        const failure = error instanceof FacturapiFailure ? error : new FacturapiFailure(500, 'Ocurrió un error interno durante la operación. Por favor inténtelo más tarde.');
        response.writeHead(failure.status, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify({ ok: false, message: failure.message, status: failure.status, ...failure.extra }));
      });
    });
  });

  async function answer(entry: FacturapiRequest, response: http.ServerResponse) {
    const key = /^Bearer (sk_(test|live)_\S+)$/.exec(entry.authorization ?? '')?.[1];
    if (!key) throw new FacturapiFailure(401, 'La API Key enviada no es válida. Revisa que envíes tu llave secreta en el encabezado Authorization.', { code: 'unauthorized' });
    const match = /^\/v2\/invoices(?:\/([0-9a-f]{24})(?:\/(xml|pdf))?)?$/.exec(entry.path);
    if (!match) throw new FacturapiFailure(404, 'No se encontró la ruta solicitada.', { code: 'not_found' });
    const [, id, file] = match;
    if (!id && entry.method === 'POST') return sendJson(response, 200, await createInvoice(entry.body, key));
    const invoice = id ? invoices.get(id) : undefined;
    if (!invoice) throw new FacturapiFailure(404, 'No se encontró la factura con el ID proporcionado.', { code: 'not_found' });
    if (file === 'xml' && entry.method === 'GET') return sendFile(response, 'application/xml', `${id}.xml`, Buffer.from(cfdiXml(invoice)));
    if (file === 'pdf' && entry.method === 'GET') return sendFile(response, 'application/pdf', `${id}.pdf`, invoicePdf(invoice));
    if (!file && entry.method === 'DELETE') return sendJson(response, 200, cancelInvoice(invoice, entry.query));
    if (!file && entry.method === 'GET') return sendJson(response, 200, invoice.json);
    throw new FacturapiFailure(405, 'Método no permitido.', { code: 'method_not_allowed' });
  }

  async function createInvoice(body: unknown, key: string) {
    const amounts = validateInvoice(body, options.rejectRfc);
    if (options.stampDelayMs) await new Promise((resolve) => setTimeout(resolve, options.stampDelayMs));
    const request = body as Record<string, unknown>;
    const now = new Date().toISOString();
    const json: Record<string, unknown> = {
      id: crypto.randomBytes(12).toString('hex'),
      organization: '5f1f1f1f1f1f1f1f1f1f1f1f',
      livemode: key.startsWith('sk_live_'),
      created_at: now,
      date: now,
      type: 'I',
      cfdi_version: 4,
      status: 'valid',
      cancellation_status: 'none',
      customer: { ...(request.customer as object), id: crypto.randomBytes(12).toString('hex') },
      items: request.items,
      use: request.use,
      payment_form: request.payment_form,
      payment_method: request.payment_method ?? 'PUE',
      currency: 'MXN',
      exchange: 1,
      total: pesos(amounts.subtotalCents + amounts.ivaCents),
      uuid: crypto.randomUUID().toUpperCase(),
      folio_number: ++folio,
      series: 'F',
      external_id: request.external_id ?? null,
      stamp: { date: now, sat_signature: 'c2F0', sat_cert_number: '30001000000500003456', signature: 'ZW1pc29y', complement_string: '||1.1||', rfc_provider_cert: 'SPR190613I52' },
    };
    invoices.set(json.id as string, { json, ...amounts });
    return json;
  }

  function cancelInvoice(invoice: StoredInvoice, query: Record<string, string>) {
    const motive = query.motive;
    if (!motive || !/^0[1-4]$/.test(motive)) throw new FacturapiFailure(400, 'El parámetro motive es requerido y debe ser 01, 02, 03 o 04.', { code: 'invalid_request', location: 'query', path: 'motive' });
    if (invoice.json.status === 'canceled' || invoice.json.cancellation_status === 'pending') throw new FacturapiFailure(400, 'La factura ya fue cancelada o tiene una cancelación en proceso.', { code: 'invalid_request' });
    if (motive === '01') {
      const replacement = [...invoices.values()].find((other) => other.json.uuid === query.substitution || other.json.id === query.substitution);
      if (!replacement) throw new FacturapiFailure(400, 'Para el motivo 01 debes indicar en substitution el UUID de la factura que sustituye a la cancelada.', { code: 'invalid_request', location: 'query', path: 'substitution' });
    }
    invoice.json.status = options.pendingCancellations ? 'valid' : 'canceled';
    invoice.json.cancellation_status = options.pendingCancellations ? 'pending' : 'accepted';
    return invoice.json;
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    requests,
    /** The invoices it stamped, as it answered them (keyed by its id). */
    invoices: () => [...invoices.values()].map((invoice) => invoice.json),
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK's fetch keeps connections alive: close them, or close() waits for their timeout.
        server.closeAllConnections();
      }),
  };
}

function sendJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function sendFile(response: http.ServerResponse, type: string, name: string, bytes: Buffer) {
  response.writeHead(200, { 'content-type': type, 'content-disposition': `attachment; filename="${name}"`, 'content-length': bytes.length });
  response.end(bytes);
}
