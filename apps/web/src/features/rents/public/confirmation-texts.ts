import { formatPesos, periodLabel, type RentConfirmationAnswer } from '@portal/domain';

/** The owner's page's words, in one place (the question and the answers' names are the domain's). */
export const confirmationTexts = {
  pageTitle: 'Confirmación de renta',
  loading: 'Cargando...',
  loadError: 'No se pudo abrir el enlace',
  greeting: (name: string) => `Hola, ${name}:`,
  property: 'Inmueble',
  amountLabel: 'Importe recibido',
  amountHint: (due: string) => `En pesos, menos de ${formatPesos(due)}`,
  send: 'Enviar',
  sending: 'Enviando...',
  cancel: 'Volver',
  noConfirmTitle: (period: string) => `¿Confirma que no recibió la renta de ${periodLabel(period)}?`,
  noConfirmHint: 'Avisaremos a la oficina para que dé seguimiento al pago.',
  noConfirm: 'Sí, no la recibí',
  thanks: 'Gracias, registramos su respuesta.',
  thanksDetail: (answer: RentConfirmationAnswer, period: string): string =>
    ({
      full: `Registramos que recibió la renta de ${periodLabel(period)} completa.`,
      partial: `Registramos que recibió una parte de la renta de ${periodLabel(period)}.`,
      none: `Avisamos a la oficina que no recibió la renta de ${periodLabel(period)}.`,
    })[answer],
  yourAnswer: 'Su respuesta',
  answeredOn: 'Respondió el',
  closeHint: 'Ya puede cerrar esta página.',
} as const;
