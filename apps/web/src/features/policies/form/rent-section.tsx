import { useWatch } from 'react-hook-form';
import { maxLateInterestMonthlyRate, maxTermMonths, minTermMonths, policyLabels, type PolicyFormValues } from '@portal/domain';
// Issue 34: the fee the rent quotes, shown before saving.
import { FeeQuotePreviewSummary } from '@/features/fees';
import { TermEnd } from './term-end';
import { formLabels } from './form-labels';
import { CheckboxInput, FieldGrid, MoneyInput, TextInput } from './fields';
import { SectionCard } from './section-card';
import { BrokerField } from './broker-field';

type Switches = ['property.rent.includesMaintenance', 'property.rent.bankDeposit', 'property.rent.realEstate'];

/** Rent, dates and deposit; maintenance, bank and real-estate details appear with their switch. */
export function RentSection() {
  const [includesMaintenance, bankDeposit, realEstate] = useWatch<PolicyFormValues, Switches>({
    name: ['property.rent.includesMaintenance', 'property.rent.bankDeposit', 'property.rent.realEstate'],
  });

  return (
    <SectionCard title={formLabels.sections.rent} description="Importes en pesos mexicanos (MXN).">
      <FieldGrid>
        <MoneyInput name="property.rent.price" label={policyLabels.price} required />
        <RentFeeQuote />
        <MoneyInput name="property.rent.deposit" label={policyLabels.deposit} />
        <TextInput name="property.rent.contractStartDate" label={policyLabels.contractStartDate} type="date" />
        <TextInput
          name="termMonths"
          label={policyLabels.termMonths}
          inputMode="numeric"
          hint={`De ${minTermMonths} a ${maxTermMonths} meses`}
        />
        <TermEnd />
        <TextInput name="property.rent.propertyDeliveryDate" label={policyLabels.propertyDeliveryDate} type="date" />
        <TextInput name="property.rent.gracePeriod" label={policyLabels.gracePeriod} inputMode="numeric" />
        <TextInput
          name="property.rent.lateInterestMonthlyRate"
          label={policyLabels.lateInterestMonthlyRate}
          inputMode="decimal"
          hint={`Vacío si el contrato no lo establece; hasta ${maxLateInterestMonthlyRate} %. Se muestra en Rentas, no se suma a lo adeudado.`}
        />
        <CheckboxInput name="property.rent.providesInvoice" label={formLabels.providesInvoice} className="self-end" />

        <CheckboxInput name="property.rent.includesMaintenance" label={formLabels.includesMaintenance} className="sm:col-span-2" />
        {includesMaintenance ? <MoneyInput name="property.rent.maintenanceAmount" label={policyLabels.maintenanceAmount} required /> : null}

        <CheckboxInput name="property.rent.bankDeposit" label={formLabels.bankDeposit} className="sm:col-span-2" />
        {bankDeposit ? (
          <>
            <TextInput name="property.rent.bank" label={policyLabels.bank} required />
            <TextInput name="property.rent.accountHolder" label={policyLabels.accountHolder} required />
            <TextInput name="property.rent.accountNumber" label={policyLabels.accountNumber} inputMode="numeric" />
            <TextInput name="property.rent.clabe" label={policyLabels.clabe} required inputMode="numeric" maxLength={18} hint="18 dígitos" />
          </>
        ) : null}

        <CheckboxInput name="property.rent.realEstate" label={formLabels.realEstate} className="sm:col-span-2" />
        {realEstate ? (
          <>
            <BrokerField />
            <TextInput name="property.rent.realEstateInfo.agent" label={policyLabels.realEstateAgent} />
          </>
        ) : null}
      </FieldGrid>
    </SectionCard>
  );
}

/** Next to the rent: the fee it quotes with the branch's tariff for the policy type (read only). */
function RentFeeQuote() {
  const [price, policyType, branchId] = useWatch<PolicyFormValues, ['property.rent.price', 'policyType', 'branchId']>({ name: ['property.rent.price', 'policyType', 'branchId'] });
  return <FeeQuotePreviewSummary policyType={policyType ?? ''} rent={price == null ? '' : String(price)} branchId={Number(branchId) || undefined} />;
}
