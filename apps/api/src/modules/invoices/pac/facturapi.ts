import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import FacturapiImport, { FacturapiError, type Invoice } from 'facturapi';
import { PacError, type Pac, type PacCancellation, type PacInvoice, type PacIssueRequest } from './pac';

/*
 * The SDK is CommonJS with an ES build beside it. Bundled for `npm start` (esbuild follows Node's
 * rules for an ES module importing CommonJS) the default import is the CommonJS exports object,
 * whose `default` is the class; under Vite (the tests) it is the class itself. The e2e journey
 * runs the bundle, the API tests the source: both are covered.
 */
type FacturapiClass = typeof FacturapiImport;
const Facturapi: FacturapiClass = (FacturapiImport as unknown as { default?: FacturapiClass }).default ?? FacturapiImport;
type Facturapi = InstanceType<FacturapiClass>;

/** Longer than any stamping takes; a PAC that has not answered by then is treated as unavailable. */
const callTimeoutMs = 60_000;

/**
 * Facturapi through its official SDK (issue 34): POST /v2/invoices with the customer inline,
 * GET /v2/invoices/{id}/xml|pdf, DELETE /v2/invoices/{id}?motive=&substitution=. Its error bodies
 * are `{ ok: false, message, status, code?, path? }` with the message in Spanish.
 */
export class FacturapiPac implements Pac {
  readonly name = 'facturapi';
  readonly testMode: boolean;
  private readonly client: Facturapi;

  constructor(key: string, url: string) {
    this.client = new Facturapi(key);
    this.client.BASE_URL = url;
    this.testMode = key.startsWith('sk_test_');
  }

  async issue(request: PacIssueRequest): Promise<PacInvoice> {
    const { customer, item } = request;
    const invoice = await call(() =>
      this.client.invoices.create({
        customer: { legal_name: customer.legalName, tax_id: customer.rfc, tax_system: customer.taxSystem, address: { zip: customer.zip } },
        items: [
          {
            quantity: 1,
            product: {
              description: item.description,
              product_key: item.productKey,
              unit_key: item.unitKey,
              unit_name: item.unitName,
              price: Number(item.unitPrice),
              tax_included: false,
              taxes: [{ type: 'IVA', rate: Number(item.ivaPercent) / 100 }],
            },
          },
        ],
        use: request.use,
        payment_form: request.paymentForm,
        payment_method: request.paymentMethod,
        external_id: request.externalId,
      }),
    );
    return toPacInvoice(invoice);
  }

  downloadXml(providerId: string): Promise<Buffer> {
    return call(async () => bytesOf(await this.client.invoices.downloadXml(providerId)));
  }

  downloadPdf(providerId: string): Promise<Buffer> {
    return call(async () => bytesOf(await this.client.invoices.downloadPdf(providerId)));
  }

  async cancel(providerId: string, motive: string, replacementUuid?: string): Promise<PacCancellation> {
    const params = replacementUuid ? { motive, substitution: replacementUuid } : { motive };
    const invoice = await call(() => this.client.invoices.cancel(providerId, params as Parameters<Facturapi['invoices']['cancel']>[1]));
    return { status: invoice.status === 'canceled' ? 'canceled' : 'valid', cancellationStatus: String(invoice.cancellation_status ?? 'none') };
  }
}

function toPacInvoice(invoice: Invoice): PacInvoice {
  const folio = Number(invoice.folio_number);
  return {
    providerId: invoice.id,
    uuid: invoice.uuid,
    series: invoice.series ?? '',
    folioNumber: Number.isSafeInteger(folio) ? folio : null,
    issuedAt: new Date(invoice.stamp?.date ?? invoice.date ?? invoice.created_at),
    livemode: invoice.livemode,
  };
}

/** The SDK answers a file as a Node stream (or a Blob where there are no streams). */
async function bytesOf(download: unknown): Promise<Buffer> {
  if (download instanceof Readable) return buffer(download);
  if (download instanceof Blob) return Buffer.from(await download.arrayBuffer());
  throw new PacError('unavailable', 'El PAC no envió el archivo');
}

/**
 * One call to Facturapi: its 4xx answers are refusals whose message is for the user (a 401 is our
 * key, not the user's data); anything else is the PAC being unavailable.
 */
async function call<T>(action: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PacError('unavailable', 'El PAC no respondió a tiempo')), callTimeoutMs);
  });
  try {
    return await Promise.race([action(), timeout]);
  } catch (error) {
    if (error instanceof PacError) throw error;
    if (error instanceof FacturapiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403) {
      throw new PacError('rejected', error.message, error.path);
    }
    throw new PacError('unavailable', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
  }
}
