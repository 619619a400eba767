import { defaultPolicySort, policySorts, policyStatuses, policyTypes, type PolicySort, type PolicyStatus, type PolicyType } from '@portal/domain';

/**
 * The list's filters as the URL keeps them (`?q=&status=&type=&agent=&from=&to=&sort=&branch=`),
 * so a filtered list can be bookmarked or shared and back/forward step through the filters.
 * The server validates them again; here a value the screen cannot show is simply dropped.
 */
export interface PolicyListFilters {
  q: string;
  status?: PolicyStatus | undefined;
  type?: PolicyType | undefined;
  /** The user who created the policy. */
  agent?: number | undefined;
  /** Creation dates, `yyyy-MM-dd`, both included. */
  from?: string | undefined;
  to?: string | undefined;
  sort?: PolicySort | undefined;
  /** Admins only: one branch (all when undefined). */
  branch?: number | undefined;
  /** 'Con atraso' (issue 32): only policies with a month En mora (`?arrears=1`). */
  arrears?: true | undefined;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

function positiveId(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function day(value: string | null): string | undefined {
  return value && dayPattern.test(value) ? value : undefined;
}

export function readListFilters(params: URLSearchParams): PolicyListFilters {
  return {
    q: params.get('q') ?? '',
    status: oneOf(policyStatuses, params.get('status')),
    type: oneOf(policyTypes, params.get('type')),
    agent: positiveId(params.get('agent')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    sort: oneOf(policySorts, params.get('sort')),
    branch: positiveId(params.get('branch')),
    arrears: params.get('arrears') === '1' ? true : undefined,
  };
}

/** The URL's query for `filters`: empty values and the default sort are left out. */
export function listFiltersQuery(filters: Partial<PolicyListFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const entries: Array<[string, string | number | undefined]> = [
    ['q', filters.q?.trim()],
    ['status', filters.status],
    ['type', filters.type],
    ['agent', filters.agent],
    ['from', filters.from],
    ['to', filters.to],
    ['sort', filters.sort === defaultPolicySort ? undefined : filters.sort],
    ['branch', filters.branch],
    ['arrears', filters.arrears ? '1' : undefined],
  ];
  for (const [key, value] of entries) if (value !== undefined && value !== '') params.set(key, String(value));
  return params;
}

/** Whether anything narrows the list (the sort does not): offers 'Limpiar filtros'. */
export function hasListFilters(filters: PolicyListFilters): boolean {
  return Boolean(filters.q.trim() || filters.status || filters.type || filters.agent || filters.from || filters.to || filters.branch || filters.arrears);
}
