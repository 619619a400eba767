import { z } from 'zod';

/*
 * Signing with the SAT e.firma (issue 35, decision 030). The signer's browser reads their .cer and
 * .key, decrypts the key with their password and signs each document's SHA-256 as a detached
 * CMS/PKCS#7 SignedData; the key never leaves the device. The server verifies everything before
 * it records the signature, and refuses with the reason named.
 */

export const efirmaMessages = {
  // In the browser: nothing is sent.
  wrongPassword: 'La contraseña de la llave privada no es correcta',
  badCertificateFile: 'El archivo .cer no es un certificado válido',
  badKeyFile: 'El archivo .key no es una llave privada del SAT',
  keyNotForCertificate: 'La llave privada (.key) no corresponde al certificado (.cer)',
  filesRequired: 'Elija su certificado (.cer) y su llave privada (.key)',
  passwordRequired: 'Escriba la contraseña de su llave privada',
  // On the server: 400 naming what failed.
  certificateInvalid: 'El certificado no es un certificado X.509 válido',
  untrustedAuthority: 'El certificado no fue emitido por una autoridad certificadora del SAT reconocida',
  notEfirma: 'El certificado es un Certificado de Sello Digital (CSD), no una e.firma',
  notYetValid: 'El certificado de e.firma aún no era vigente al firmar',
  expired: 'El certificado de e.firma estaba vencido al firmar',
  revoked: 'El SAT reporta este certificado de e.firma como revocado',
  revocationUnavailable: 'No se pudo consultar al SAT si el certificado está revocado; intente más tarde',
  revocationUnknown: 'El SAT no reconoce este certificado de e.firma (su consulta OCSP lo reporta como desconocido)',
  signerWithoutRfc: 'La póliza no tiene el RFC del firmante: la oficina debe registrarlo antes de firmar con e.firma',
  rfcMismatch: (rfc: string) => `El RFC del certificado (${rfc}) no es el del firmante registrado en la póliza`,
  curpMismatch: (curp: string) => `La CURP del certificado (${curp}) no es la del firmante registrado en la póliza`,
  signatureInvalid: 'La firma no es una firma CMS/PKCS#7 válida',
  signatureNotByCertificate: 'La firma no fue hecha con la llave de este certificado',
  otherBytes: 'La firma es sobre otros datos, no sobre este documento',
  unknownDocument: 'La firma es de un documento que no forma parte de esta firma',
  missingDocument: (label: string) => `Falta la firma con e.firma de: ${label}`,
  notEfirmaSigner: 'Esta firma no se hace con e.firma',
  efirmaRequired: 'Estos documentos se firman con su e.firma',
  documentNotInRound: 'Ese documento no forma parte de esta firma',
  unconfigured: 'La firma con e.firma no está disponible: la oficina no configuró las autoridades certificadoras del SAT',
} as const;

const base64 = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(4, message)
    .max(max, message)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, message);

/** POST /api/public/links/{token}/signing/efirma (base64 DER throughout). */
export const efirmaSignInputSchema = z.object({
  certificate: base64(efirmaMessages.certificateInvalid, 16_000),
  signatures: z
    .array(
      z.object({
        documentSha256: z.string({ error: efirmaMessages.unknownDocument }).regex(/^[0-9a-f]{64}$/, efirmaMessages.unknownDocument),
        cms: base64(efirmaMessages.signatureInvalid, 64_000),
      }),
      { error: efirmaMessages.signatureInvalid },
    )
    .min(1, efirmaMessages.signatureInvalid)
    .max(10, efirmaMessages.signatureInvalid),
});
export type EfirmaSignInput = z.input<typeof efirmaSignInputSchema>;

/** What the server found of a certificate's revocation at signing time (SAT's OCSP, when EFIRMA_OCSP_URL is set). */
export const revocationStatuses = ['not_checked', 'good', 'revoked', 'unknown'] as const;
export type RevocationStatus = (typeof revocationStatuses)[number];
export const revocationStatusLabels: Record<RevocationStatus, string> = {
  not_checked: 'No consultada',
  good: 'Vigente según el SAT (OCSP)',
  revoked: 'Revocado',
  unknown: 'Desconocido para el SAT',
};
