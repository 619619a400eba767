import { brokerKindLabels, type Broker } from '@portal/domain';

/** '25.00 %', or '20.00 % (de la sucursal)' when the broker names none. */
export function commissionText(broker: Broker): string {
  return broker.commissionPercent === null ? `${broker.effectiveCommissionPercent} % (de la sucursal)` : `${broker.commissionPercent} %`;
}

/** 'Inmobiliaria · RFC ABC…' for a line under the name. */
export function brokerSubtitle(broker: Broker): string {
  return [brokerKindLabels[broker.kind], broker.rfc ? `RFC ${broker.rfc}` : '', broker.contactName].filter(Boolean).join(' · ');
}

/** This month in Mexico City, 'YYYY-MM'. */
export function currentMonth(today: string): string {
  return today.slice(0, 7);
}
