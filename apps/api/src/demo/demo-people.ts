import { foldForSearch, type PolicyFormValues, type PolicyStatus, type PolicyType } from '@portal/domain';
import {
  banks,
  between,
  clabeCheckDigit,
  colonies,
  companies,
  femaleFirstNames,
  maleFirstNames,
  ownerCompanies,
  professions,
  realEstateAgencies,
  specialNotes,
  surnames,
  vehicleColors,
  vehicles,
  type Colony,
} from './demo-data';

/** Every demo policy's special note starts with this, so a second run finds them (and people see them for what they are). */
export const DEMO_MARKER = 'Datos de demostración.';

// --- the policies' content ------------------------------------------------------------------------

export function pickPolicyType(random: () => number, status: PolicyStatus, index: number): PolicyType {
  // Every status shows a Plus or Plus Auto policy (guarantors) among its first two.
  if (index === 0) return status.length % 2 === 0 ? 'plus' : 'plusAuto';
  const draw = random();
  return draw < 0.45 ? 'basica' : draw < 0.7 ? 'plus' : draw < 0.85 ? 'plusAuto' : 'garantiaPlus';
}

type Gender = 'female' | 'male';

/** People, addresses and money of the demo, drawn from the seeded generator. */
export class DemoPeople {
  constructor(private readonly random: () => number) {}

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private chance(probability: number): boolean {
    return this.random() < probability;
  }

  private digits(count: number): string {
    return Array.from({ length: count }, () => Math.floor(this.random() * 10)).join('');
  }

  private phone(): string {
    return `55 ${this.digits(4)} ${this.digits(4)}`;
  }

  person(gender: Gender = this.chance(0.5) ? 'female' : 'male', paternal = this.pick(surnames)) {
    const first = this.pick(gender === 'female' ? femaleFirstNames : maleFirstNames);
    const name = `${first} ${paternal} ${this.pick(surnames)}`;
    const email = `${foldForSearch(first.split(' ')[0]).replace(/[^a-z]/g, '')}.${foldForSearch(paternal).replace(/[^a-z]/g, '')}${this.digits(2)}@example.com`;
    return { name, gender, paternal, email };
  }

  private address(colony: Colony = this.pick(colonies), withInterior = false) {
    return {
      street: this.pick(colony.streets),
      exteriorNumber: String(1 + Math.floor(this.random() * 450)),
      interiorNumber: withInterior ? String(100 * (1 + Math.floor(this.random() * 8)) + 1 + Math.floor(this.random() * 4)) : '',
      colony: colony.colony,
      municipality: colony.municipality,
      state: 'Ciudad de México',
      zipCode: colony.zipCode,
    };
  }

  private rent(tier: Colony['tier']): number {
    const [min, max] = tier === 1 ? [35_000, 95_000] : tier === 2 ? [14_000, 38_000] : [8_000, 18_000];
    return Math.round(between(this.random, min, max) / 500) * 500;
  }

  private tenant(person: ReturnType<DemoPeople['person']>, price: number) {
    const [male, female] = this.pick(professions);
    const reference = this.person();
    const family = this.person(undefined, person.paternal);
    return {
      name: person.name,
      address: this.address(),
      phone: this.phone(),
      mobile: this.phone(),
      email: person.email,
      profession: person.gender === 'female' ? female : male,
      monthlyIncome: String(Math.round((price * between(this.random, 3, 5)) / 1000) * 1000),
      company: this.pick(companies),
      seniority: `${1 + Math.floor(this.random() * 12)} años`,
      immediateBoss: this.person().name,
      workAddress: this.address(),
      requiresInvoice: this.chance(0.2),
      references: [
        { name: reference.name, phone: this.phone(), type: 'personal' as const },
        ...(this.chance(0.6) ? [{ name: family.name, phone: this.phone(), type: 'familiar' as const }] : []),
      ],
    };
  }

  private guarantor(policyType: PolicyType) {
    const person = this.person();
    const separateGuarantee = policyType === 'plus' && this.chance(0.3);
    const [brand, model] = this.pick(vehicles);
    const letters = () => String.fromCharCode(...Array.from({ length: 3 }, () => 65 + Math.floor(this.random() * 26)));
    return {
      name: person.name,
      address: this.address(),
      phone: this.phone(),
      mobile: this.phone(),
      email: person.email,
      sameAddressAsGuarantee: !separateGuarantee,
      guaranteeAddress: separateGuarantee ? this.address() : null,
      vehicle:
        policyType === 'plusAuto'
          ? { brand, model, year: String(2016 + Math.floor(this.random() * 10)), color: this.pick(vehicleColors), licensePlate: `${letters()}-${this.digits(3)}-${letters().slice(0, 1)}` }
          : null,
    };
  }

  policyValues(policyType: PolicyType, contractStart: string, branchId: number, finalStatus: PolicyStatus): PolicyFormValues {
    const colony = this.pick(colonies);
    const propertyType = colony.tier === 3 ? this.pick(['apartment', 'house', 'apartment', 'commercial'] as const) : this.pick(['apartment', 'apartment', 'condo', 'house'] as const);
    const inBuilding = propertyType === 'apartment' || propertyType === 'condo';
    const price = this.rent(colony.tier);
    const main = this.person();
    const couple = this.chance(0.25);
    const tenants = [this.tenant(main, price), ...(couple ? [this.tenant(this.person(main.gender === 'female' ? 'male' : 'female'), price)] : [])];
    const guarantorCount = policyType === 'plus' || policyType === 'plusAuto' ? (this.chance(0.15) ? 2 : 1) : 0;
    const ownerIsCompany = this.chance(0.15);
    const owner = ownerIsCompany ? { name: this.pick(ownerCompanies), email: 'contacto@example.com' } : this.person();
    const [bank, bankCode] = this.pick(banks);
    const bankDeposit = this.chance(0.7);
    const clabe17 = `${bankCode}180${this.digits(11)}`;
    const realEstate = this.chance(0.4);
    const includesMaintenance = inBuilding && this.chance(0.5);
    const renewal = (finalStatus === 'active' || finalStatus === 'expiring') && this.chance(0.3);
    return {
      policyType,
      status: 'created',
      policyNumber: '',
      previousPolicy: renewal ? `POL-${Number(contractStart.slice(0, 4)) - 1}-${this.digits(5)}` : '',
      isElectronicSignature: this.chance(0.35),
      specialnote: this.chance(0.5) ? `${DEMO_MARKER} ${this.pick(specialNotes)}` : DEMO_MARKER,
      branchId,
      tenants,
      guarantors: Array.from({ length: guarantorCount }, () => this.guarantor(policyType)),
      property: {
        owner: { name: owner.name, address: this.address(), phone: this.phone(), mobile: this.phone(), email: owner.email },
        address: this.address(colony, inBuilding),
        propertyType,
        parkingSpots: String(inBuilding ? Math.floor(this.random() * 3) : 1 + Math.floor(this.random() * 2)),
        identification: `${this.digits(3)}-${this.digits(3)}-${this.digits(2)}-${this.digits(3)}-${this.digits(1)}`,
        services: { water: true, electricity: this.chance(0.3), maintenance: includesMaintenance, other: this.chance(0.2) ? 'Gas estacionario' : '', details: '' },
        description: inBuilding
          ? `Departamento de ${2 + Math.floor(this.random() * 2)} recámaras, ${1 + Math.floor(this.random() * 2)} baños, cocina integral y área de lavado.`
          : propertyType === 'commercial'
            ? 'Local comercial a pie de calle con medio baño y cortina metálica.'
            : `Casa de ${3 + Math.floor(this.random() * 2)} recámaras con jardín y cuarto de servicio.`,
        commercialUse: propertyType === 'commercial',
        rent: {
          price: String(price),
          includesMaintenance,
          maintenanceAmount: includesMaintenance ? String(Math.round(between(this.random, 1200, 4500) / 100) * 100) : null,
          providesInvoice: this.chance(0.3),
          contractStartDate: contractStart,
          propertyDeliveryDate: contractStart,
          gracePeriod: this.chance(0.5) ? '5' : null,
          deposit: String(price),
          bankDeposit,
          accountNumber: bankDeposit ? this.digits(10) : '',
          bank: bankDeposit ? bank : '',
          clabe: bankDeposit ? `${clabe17}${clabeCheckDigit(clabe17)}` : '',
          accountHolder: bankDeposit ? owner.name : '',
          realEstate,
          realEstateInfo: realEstate ? { name: this.pick(realEstateAgencies), agent: this.person().name } : { name: '', agent: '' },
        },
      },
    };
  }
}
