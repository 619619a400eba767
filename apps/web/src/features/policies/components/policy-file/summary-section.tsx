import type { ReactNode } from 'react';
import { propertyTypeLabels, referenceTypeLabels, type Guarantor, type Policy, type Tenant } from '@portal/domain';
import { Card } from '@/components/ui/card';
import { DetailList } from '@/components/ui/detail-list';
import { FileSection } from './file-section';
import { contactLine, formatMoney, longDate, oneLineAddress, orDash, yesNo } from './file-format';

/** Printed, the cards lose their chrome and the lists their air: the summary fits one page. */
const printCompact = 'print:gap-x-3 print:gap-y-0.5 print:text-[8.5pt] print:leading-tight print:[&_dt]:text-[7.5pt]';

function SummaryCard({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <Card
      className={`min-w-0 space-y-3 p-4 sm:p-5 print:break-inside-avoid print:space-y-1 print:rounded-none print:border-0 print:border-t print:p-0 print:pt-1 print:shadow-none ${wide ? 'lg:col-span-2 print:col-span-2' : ''}`}
    >
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white print:text-[9pt]">{title}</h3>
      {children}
    </Card>
  );
}

function TenantCard({ tenant, index, count }: { tenant: Tenant; index: number; count: number }) {
  const references = tenant.references.map((reference) => `${reference.name} (${referenceTypeLabels[reference.type]}) ${reference.phone}`.trim());
  return (
    <SummaryCard title={count > 1 ? `Inquilino ${index + 1}` : 'Inquilino'}>
      <DetailList
        className={printCompact}
        items={[
          { label: 'Nombre', value: orDash(tenant.name), wide: true },
          { label: 'Contacto', value: contactLine(tenant), wide: true },
          { label: 'Domicilio', value: oneLineAddress(tenant.address), wide: true },
          { label: 'Profesión u oficio', value: orDash(tenant.profession) },
          { label: 'Ingreso mensual', value: formatMoney(tenant.monthlyIncome) },
          { label: 'Empresa', value: orDash(tenant.company) },
          { label: 'Antigüedad', value: orDash(tenant.seniority) },
          { label: 'Referencias', value: references.length > 0 ? references.join(' · ') : orDash(''), wide: true },
        ]}
      />
    </SummaryCard>
  );
}

function vehicleLine(vehicle: NonNullable<Guarantor['vehicle']>): string {
  const parts = [[vehicle.brand, vehicle.model, vehicle.year].filter(Boolean).join(' '), vehicle.color, vehicle.licensePlate && `placas ${vehicle.licensePlate}`];
  return orDash(parts.filter(Boolean).join(', '));
}

function GuarantorCard({ guarantor, index, count }: { guarantor: Guarantor; index: number; count: number }) {
  return (
    <SummaryCard title={count > 1 ? `Aval ${index + 1}` : 'Aval (obligado solidario)'}>
      <DetailList
        className={printCompact}
        items={[
          { label: 'Nombre', value: orDash(guarantor.name), wide: true },
          { label: 'Contacto', value: contactLine(guarantor), wide: true },
          { label: 'Domicilio', value: oneLineAddress(guarantor.address), wide: true },
          ...(guarantor.guaranteeAddress ? [{ label: 'Inmueble en garantía', value: oneLineAddress(guarantor.guaranteeAddress), wide: true }] : []),
          ...(guarantor.vehicle ? [{ label: 'Vehículo', value: vehicleLine(guarantor.vehicle), wide: true }] : []),
        ]}
      />
    </SummaryCard>
  );
}

function PropertyCard({ property }: { property: Policy['property'] }) {
  const services = [property.services.water && 'Agua', property.services.electricity && 'Luz', property.services.maintenance && 'Mantenimiento', property.services.other];
  return (
    <SummaryCard title="Inmueble">
      <DetailList
        className={printCompact}
        items={[
          { label: 'Dirección', value: oneLineAddress(property.address), wide: true },
          { label: 'Tipo de inmueble', value: propertyTypeLabels[property.propertyType] },
          { label: 'Cajones de estacionamiento', value: String(property.parkingSpots) },
          { label: 'Cuenta predial', value: orDash(property.identification) },
          { label: 'Servicios incluidos', value: orDash(services.filter(Boolean).join(', ')) },
          { label: 'Uso comercial', value: yesNo(property.commercialUse) },
          { label: 'Objetos especiales', value: property.specialObjects ? property.specialObjectsDetails.trim() || 'Sí' : 'No' },
          ...(property.description ? [{ label: 'Descripción', value: property.description, wide: true }] : []),
        ]}
      />
    </SummaryCard>
  );
}

function OwnerCard({ owner }: { owner: Policy['property']['owner'] }) {
  return (
    <SummaryCard title="Propietario">
      <DetailList
        className={printCompact}
        items={[
          { label: 'Nombre', value: orDash(owner.name), wide: true },
          { label: 'Contacto', value: contactLine(owner), wide: true },
          { label: 'Domicilio', value: oneLineAddress(owner.address), wide: true },
        ]}
      />
    </SummaryCard>
  );
}

function RentCard({ rent }: { rent: Policy['property']['rent'] }) {
  const bank = [rent.bank, rent.accountNumber && `cuenta ${rent.accountNumber}`, rent.clabe && `CLABE ${rent.clabe}`, rent.accountHolder && `a nombre de ${rent.accountHolder}`];
  return (
    <SummaryCard title="Renta">
      <DetailList
        className={printCompact}
        items={[
          { label: 'Renta mensual', value: formatMoney(rent.price) },
          { label: 'Mantenimiento', value: rent.includesMaintenance ? `Incluido: ${formatMoney(rent.maintenanceAmount)}` : 'No incluido' },
          { label: 'Depósito en garantía', value: formatMoney(rent.deposit) },
          { label: 'Periodo de gracia', value: rent.gracePeriod === null ? orDash(null) : `${rent.gracePeriod} días` },
          { label: 'Interés moratorio', value: rent.lateInterestMonthlyRate === null ? 'No establecido' : `${rent.lateInterestMonthlyRate} % mensual` },
          { label: 'Inicio del contrato', value: longDate(rent.contractStartDate) },
          { label: 'Fecha de entrega', value: longDate(rent.propertyDeliveryDate) },
          { label: 'Factura', value: yesNo(rent.providesInvoice) },
          { label: 'Depósito bancario', value: rent.bankDeposit ? orDash(bank.filter(Boolean).join(', ')) : 'No' },
          ...(rent.realEstate ? [{ label: 'Asesor o inmobiliaria', value: orDash([rent.realEstateInfo.brokerName ?? rent.realEstateInfo.name, rent.realEstateInfo.agent].filter(Boolean).join(' · ')), wide: true }] : []),
        ]}
      />
    </SummaryCard>
  );
}

/** 'Resumen': the people, the property and the rent as a person reads them; printed, one page. */
export function SummarySection({ policy }: { policy: Policy }) {
  const { tenants, guarantors, property } = policy;
  return (
    <FileSection id="resumen" title="Resumen">
      <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2 print:gap-x-6 print:gap-y-2">
        {tenants.map((tenant, index) => (
          <TenantCard key={tenant.id} tenant={tenant} index={index} count={tenants.length} />
        ))}
        {guarantors.map((guarantor, index) => (
          <GuarantorCard key={guarantor.id} guarantor={guarantor} index={index} count={guarantors.length} />
        ))}
        <OwnerCard owner={property.owner} />
        <PropertyCard property={property} />
        <RentCard rent={property.rent} />
        {policy.specialnote ? (
          <SummaryCard title="Notas especiales" wide>
            <p className="text-sm whitespace-pre-line print:text-[8.5pt]">{policy.specialnote}</p>
          </SummaryCard>
        ) : null}
      </div>
    </FileSection>
  );
}
