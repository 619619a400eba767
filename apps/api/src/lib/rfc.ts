import { Rfc } from '@nodecfdi/rfc';

/*
 * The SAT's RFC (issue 34): its form (12 characters a persona moral, 13 a persona física, a valid
 * date) and its check digit (homoclave's last character), through @nodecfdi/rfc. Upper-cased
 * and trimmed before it is read. The generic RFCs (XAXX010101000 público en general,
 * XEXX010101000 extranjero) are refused where a person's own RFC is asked for.
 */

type RfcKind = 'fisica' | 'moral';

export interface ParsedRfc {
  rfc: string;
  kind: RfcKind;
}

/** The RFC normalised with its kind; null when its form or its check digit is wrong, or it is generic. */
export function parseRfc(value: string): ParsedRfc | null {
  const text = value.trim().toUpperCase();
  if (!Rfc.isValid(text, Rfc.DISALLOW_GENERIC | Rfc.DISALLOW_FOREIGN)) return null;
  const rfc = Rfc.parse(text);
  if (!rfc.doesCheckSumMatch()) return null;
  return { rfc: rfc.toString(), kind: rfc.isMoral() ? 'moral' : 'fisica' };
}
