import type { PolicyType } from '../policies/policy-type-labels';

/**
 * What each policy type covers, as the póliza jurídica states it (issue 16). Product text shared
 * by the API's certificate ({{poliza.cobertura}}) and any screen that explains the types.
 */
export const policyCoverage: Record<PolicyType, string> = {
  basica:
    'Investigación del arrendatario; elaboración del contrato de arrendamiento y de los pagarés; asesoría jurídica durante la vigencia; y, en caso de incumplimiento, el juicio para la recuperación del inmueble (desocupación) hasta la entrega de la posesión al arrendador, con los honorarios de abogados a cargo de la sucursal.',
  plus:
    'Todo lo de la póliza Básica, más: la intervención de un obligado solidario que responde con un inmueble de su propiedad por las obligaciones del arrendatario; y el cobro judicial de las rentas vencidas y no pagadas, con la ejecución sobre la garantía del obligado solidario.',
  plusAuto:
    'Todo lo de la póliza Básica, más: la intervención de un obligado solidario que responde con un vehículo de su propiedad por las obligaciones del arrendatario; y el cobro judicial de las rentas vencidas y no pagadas, con la ejecución sobre la garantía del obligado solidario.',
  garantiaPlus:
    'Todo lo de la póliza Básica, más: el pago al arrendador de las rentas vencidas y no pagadas desde el incumplimiento hasta la desocupación del inmueble, en los términos y con los límites de esta póliza, sin necesidad de obligado solidario.',
};
