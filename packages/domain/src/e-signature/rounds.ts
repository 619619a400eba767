/*
 * A round's life after its start (issue 35): signers in order, the office's representative,
 * reminders to those who have not signed, the deadline, and a round sent again. The server's
 * history notes, staff notices and refusals, and the staff panel read these words.
 */

/** The daily job reminds a signer this many days after the last e-mail of their link, at most the branch's maximum. */
export const reminderEveryDays = 2;

export const roundMessages = {
  /** Why the office is not among the signers (the round goes ahead without it). */
  officeOnPaper: 'La oficina firmará en papel: la sucursal no tiene representante legal',
  expiredNote: 'Firma electrónica vencida sin completarse',
  expiredTitle: (policy: string) => `Firma electrónica vencida: ${policy}`,
  expiredBody: (policy: string, signed: number, total: number) =>
    `La firma electrónica de la póliza ${policy} venció sin completarse (firmaron ${signed} de ${total}). Puede enviarla de nuevo desde el expediente o firmar en papel.`,
  resentNote: (signers: number) => `Firma electrónica enviada de nuevo a ${signers} firmante${signers === 1 ? '' : 's'}`,
  resendNotInSignature: 'La póliza ya no está en Firma: no se puede enviar la firma de nuevo',
  resendNotElectronic: 'La póliza no está marcada para firma electrónica',
  resendStillOpen: 'La firma electrónica sigue abierta: no se puede enviar de nuevo',
  resendNothingToResend: 'Solo se envía de nuevo una firma vencida o rechazada',
} as const;
