import { policyLabels, taxIdMessages, type PolicyInput } from '@portal/domain';
import { badRequest, type ErrorDetail } from '../../../lib/app-error';
import { parseRfc } from '../../../lib/rfc';

/**
 * The people's RFCs (issue 35), checked where only the server can: their date and check digit
 * (@nodecfdi/rfc, lib/rfc.ts). The schema already checked their form and the CURP's check digit.
 * An e.firma signature is matched against this RFC, so a mistyped one would only fail later, at
 * the signer's door. Every wrong RFC is named in one 400 (`tenants.0.rfc`, `property.owner.rfc`…);
 * the good ones come back normalised.
 */
export function withCheckedRfcs(input: PolicyInput): PolicyInput {
  const details: ErrorDetail[] = [];
  const checked = (rfc: string, field: string): string => {
    if (rfc === '') return '';
    const parsed = parseRfc(rfc);
    if (parsed) return parsed.rfc;
    details.push({ field, message: taxIdMessages.rfc(policyLabels.rfc) });
    return rfc;
  };
  const tenants = input.tenants.map((tenant, index) => ({ ...tenant, rfc: checked(tenant.rfc, `tenants.${index}.rfc`) }));
  const guarantors = input.guarantors.map((guarantor, index) => ({ ...guarantor, rfc: checked(guarantor.rfc, `guarantors.${index}.rfc`) }));
  const owner = { ...input.property.owner, rfc: checked(input.property.owner.rfc, 'property.owner.rfc') };
  if (details.length > 0) throw badRequest(`${details[0]!.field}: ${details[0]!.message}`, details);
  return { ...input, tenants, guarantors, property: { ...input.property, owner } };
}
