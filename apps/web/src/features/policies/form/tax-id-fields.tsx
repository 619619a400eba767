import { policyLabels } from '@portal/domain';
import { formLabels } from './form-labels';
import { TextInput } from './fields';

/**
 * A person's RFC and CURP (issue 35). Optional, but their e.firma certificate must name the same
 * ones to sign the pagarés with it, so the hint says why they are asked. Upper-cased as typed
 * (the schema and the server upper-case them too).
 */
export function TaxIdFields({ at }: { at: 'property.owner' | `tenants.${number}` | `guarantors.${number}` }) {
  return (
    <>
      <TextInput
        name={`${at}.rfc`}
        label={policyLabels.rfc}
        hint={formLabels.taxIdsHint}
        maxLength={13}
        autoCapitalize="characters"
        spellCheck={false}
        className="uppercase"
      />
      <TextInput
        name={`${at}.curp`}
        label={policyLabels.curp}
        hint={formLabels.taxIdsHint}
        maxLength={18}
        autoCapitalize="characters"
        spellCheck={false}
        className="uppercase"
      />
    </>
  );
}
