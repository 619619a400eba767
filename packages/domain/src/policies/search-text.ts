import { foldForSearch } from '../common/search';

/** The policies row's columns that the list search looks into. */
export interface SearchedColumns {
  investigationId: string;
  policyNumber: string;
  tenantNames: string[];
  guarantorNames: string[];
  ownerName: string;
  street: string;
  exteriorNumber: string;
  colony: string;
  municipality: string;
}

/**
 * `search_text` of a policies row: every searched column, lower-cased and without accents, one per
 * line so a search never matches across two fields. Anything that writes policies rows (the API,
 * the demo seed, the benchmark's generator) must produce exactly this.
 */
export function policySearchText(row: SearchedColumns): string {
  const searched = [
    row.investigationId,
    row.policyNumber,
    ...row.tenantNames,
    ...row.guarantorNames,
    row.ownerName,
    row.street,
    row.exteriorNumber,
    row.colony,
    row.municipality,
  ];
  return foldForSearch(searched.filter(Boolean).join('\n'));
}
