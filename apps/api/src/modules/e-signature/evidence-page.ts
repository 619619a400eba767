import { contractDocumentLabels, linkPartyLabels, revocationStatusLabels, signingMessages, signingSubjectLabels, timestampStatusLabels } from '@portal/domain';
import type { EvidenceFacts, RoundTimestamp, SignerEvidence } from './evidence';
import { mexicoCityTime, type PageWriter } from './pdf-writer';

/*
 * The evidence page ('Constancia de firma electrónica', issues 17 and 35): where to check the
 * document (/verificar, with a QR), what was signed (each document's SHA-256), who signed, how,
 * when and from where, and the time-stamp over all of it.
 */

/**
 * qrcode is read when the first evidence page is drawn, like pdf-lib (issue 30). It is CommonJS:
 * its functions are on the default export once bundled (a named import fails in `npm start`).
 */
const loadQrCode = async () => (await import('qrcode')).default;

/** The QR of /verificar/{code} and the address printed under it. */
async function verificationBlock(writer: PageWriter, url: string): Promise<void> {
  const { toBuffer } = await loadQrCode();
  const png = await toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 });
  writer.line('Verifique este documento', { font: 'bold', gap: 2 });
  await writer.image(png, 96, 96);
  writer.line(`Escanee el código o abra ${url} y suba este PDF: la página dice si coincide con un documento firmado en el portal.`, { gap: 8 });
}

const timeOf = (date: Date) => `${mexicoCityTime(date)}; UTC ${date.toISOString()}`;

/** A simple signature's lines: the one-time code's e-mail and how the signature was made. */
function simpleLines(writer: PageWriter, signer: SignerEvidence): void {
  writer.line('Método: firma electrónica simple (código de un solo uso enviado por correo)');
  writer.line(`Correo electrónico (código de un solo uso verificado): ${signer.email}`);
  writer.line(`Fecha y hora: ${timeOf(signer.signedAt)}`);
  writer.line(`Firma: ${signer.signature.kind === 'drawn' ? 'dibujada' : 'escrita'}`);
}

/** An e.firma signature's lines: the certificate that signed, its revocation and each .p7s's digest. */
function efirmaLines(writer: PageWriter, signer: SignerEvidence): void {
  if (signer.signature.kind !== 'efirma') return;
  const { certificate } = signer.signature;
  writer.line('Método: firma electrónica avanzada con e.firma del SAT');
  writer.line(`Titular del certificado: ${certificate.holder}`);
  writer.line(`RFC: ${certificate.rfc}`);
  writer.line(`Número de serie del certificado: ${certificate.serial}`);
  writer.line(`Fecha y hora: ${timeOf(signer.signedAt)}`);
  writer.line(`Revocación al firmar: ${certificate.revocation ? revocationStatusLabels[certificate.revocation] : revocationStatusLabels.not_checked}`);
  for (const item of certificate.signatures) writer.line(`Firma (.p7s) de ${item.label}: SHA-256 ${item.cmsSha256}`);
  if (signer.email) writer.line(`Correo electrónico: ${signer.email}`);
}

function timestampBlock(writer: PageWriter, timestamp: RoundTimestamp): void {
  writer.rule();
  writer.line('Sello de tiempo', { font: 'bold', gap: 2 });
  writer.line(`Resumen de la evidencia (SHA-256): ${timestamp.digest}`);
  writer.line(
    'Calculado sobre el texto «portal-de-polizas/evidencia/v1», el SHA-256 del paquete, el de cada documento original y, de cada firmante, su nombre, método, fecha y hora UTC y el SHA-256 de sus firmas .p7s (una línea cada uno).',
  );
  writer.line(`Estado: ${timestampStatusLabels[timestamp.status]}`);
  if (timestamp.status !== 'stamped') return;
  writer.line(`Fecha y hora del sello: ${timeOf(timestamp.time)}`);
  writer.line(`Autoridad de sellado de tiempo: ${timestamp.authority}`);
  writer.line(`Número de serie del sello: ${timestamp.serial}`);
}

/** The evidence page: who signed, from where, when, the hashes of what they were shown, and the time-stamp. */
export async function evidencePage(writer: PageWriter, facts: EvidenceFacts): Promise<void> {
  writer.line(signingMessages.evidenceTitle, { size: 14, font: 'bold', gap: 4 });
  if (facts.verificationUrl) await verificationBlock(writer, facts.verificationUrl);
  writer.line(`Folio: ${facts.folio}`);
  writer.line(facts.documents.some((document) => document.kind === 'move_out') ? `Ronda de firma: ${facts.roundId}.` : `Ronda de firma: ${facts.roundId}. Versión de los contratos firmados: ${facts.packVersion}.`);
  writer.line(`SHA-256 del paquete mostrado a los firmantes: ${facts.packSha256}`, { gap: 8 });
  writer.line('Documentos originales', { font: 'bold' });
  for (const document of facts.documents) {
    writer.line(`${document.kind === 'move_out' ? signingSubjectLabels.move_out : contractDocumentLabels[document.kind]} (${document.fileName})`);
    writer.line(`SHA-256: ${document.sha256}`, { gap: 4 });
  }
  writer.line('Firmantes', { font: 'bold', gap: 2 });
  for (const signer of facts.signers) {
    writer.rule();
    writer.line(`${signer.name} (${linkPartyLabels[signer.party]})`, { font: 'bold' });
    if (signer.signature.kind === 'efirma') efirmaLines(writer, signer);
    else simpleLines(writer, signer);
    writer.line(`Dirección IP: ${signer.ip}`);
    writer.line(`Navegador: ${signer.userAgent || '(no informado)'}`);
    writer.line(`SHA-256 del paquete que se le mostró: ${signer.packSha256}`, { gap: 6 });
  }
  timestampBlock(writer, facts.timestamp);
}
