import { useSearchParams } from 'react-router';
import { claimStages, claimTypes, type ClaimStage, type ClaimType } from '@portal/domain';
import type { ClaimListFilter } from '../../api/list';

/** 'Estado' as the URL spells it (Spanish, readable in a shared link) and what the API is asked. */
export const statusChoices = [
  { param: 'por-revisar', status: 'draft', label: 'Por revisar' },
  { param: 'abiertas', status: 'open', label: 'Abiertas' },
  { param: 'cerradas', status: 'closed', label: 'Cerradas' },
  { param: 'activas', status: 'active', label: 'Activas' },
] as const satisfies readonly { param: string; status: NonNullable<ClaimListFilter['status']>; label: string }[];

export type ClaimsView = 'list' | 'board';
export type ClaimsTab = 'cases' | 'summary';

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The filter the URL holds (`?sucursal=2&tipo=non_payment&etapa=lawsuit&estado=abiertas&abogado=9&terminos=semana&dias=30&pagina=2`). */
function readFilter(params: URLSearchParams, isAdmin: boolean): ClaimListFilter {
  const type = params.get('tipo');
  const stage = params.get('etapa');
  const status = statusChoices.find((choice) => choice.param === params.get('estado'))?.status;
  const lawyer = params.get('abogado');
  const days = params.get('dias');
  const minDaysOpen = days !== null && /^\d{1,5}$/.test(days) ? Number(days) : undefined;
  const branchId = isAdmin ? positiveInt(params.get('sucursal')) : undefined;
  const assignee = lawyer === 'ninguno' ? 'none' : positiveInt(lawyer);
  return {
    ...(branchId ? { branchId } : {}),
    ...(claimTypes.includes(type as ClaimType) ? { type: type as ClaimType } : {}),
    ...(claimStages.includes(stage as ClaimStage) ? { stage: stage as ClaimStage } : {}),
    ...(status ? { status } : {}),
    ...(assignee ? { assignee } : {}),
    ...(params.get('terminos') === 'semana' ? { due: 'week' as const } : {}),
    ...(minDaysOpen !== undefined ? { minDaysOpen } : {}),
    page: positiveInt(params.get('pagina')) ?? 1,
  };
}

function writeFilter(filter: ClaimListFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (filter.branchId) query.sucursal = String(filter.branchId);
  if (filter.type) query.tipo = filter.type;
  if (filter.stage) query.etapa = filter.stage;
  const status = statusChoices.find((choice) => choice.status === filter.status);
  if (status) query.estado = status.param;
  if (filter.assignee) query.abogado = filter.assignee === 'none' ? 'ninguno' : String(filter.assignee);
  if (filter.due) query.terminos = 'semana';
  if (filter.minDaysOpen !== undefined) query.dias = String(filter.minDaysOpen);
  if (filter.page && filter.page > 1) query.pagina = String(filter.page);
  return query;
}

/** The link a dashboard card opens: the list with these filters. */
export function claimListQuery(filter: Omit<ClaimListFilter, 'page'>): Record<string, string> {
  return writeFilter(filter);
}

/**
 * The screen's state, all of it in the URL (a reload, a shared link or the back button keep it):
 * the filters, the view ('Lista' / 'Tablero': `vista=tablero`), the tab ('Resumen mensual':
 * `pestana=resumen`, its month `mes`). Changing a filter goes back to the first page.
 */
export function useClaimsScreen(isAdmin: boolean) {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params, isAdmin);
  const view: ClaimsView = params.get('vista') === 'tablero' ? 'board' : 'list';
  const tab: ClaimsTab = params.get('pestana') === 'resumen' ? 'summary' : 'cases';
  const month = params.get('mes') ?? '';

  const go = (next: { filter?: ClaimListFilter; view?: ClaimsView; tab?: ClaimsTab; month?: string }) => {
    const query = writeFilter(next.filter ?? filter);
    if ((next.view ?? view) === 'board') query.vista = 'tablero';
    if ((next.tab ?? tab) === 'summary') query.pestana = 'resumen';
    const chosenMonth = next.month ?? month;
    if (chosenMonth) query.mes = chosenMonth;
    setParams(query);
  };

  return {
    filter,
    view,
    tab,
    month,
    /** A filter changed: the first page of the new selection. */
    change: (next: ClaimListFilter) => go({ filter: { ...next, page: 1 } }),
    setPage: (page: number) => go({ filter: { ...filter, page } }),
    setView: (next: ClaimsView) => go({ view: next }),
    setTab: (next: ClaimsTab) => go({ tab: next }),
    setMonth: (next: string) => go({ month: next }),
  };
}

export type ClaimsScreen = ReturnType<typeof useClaimsScreen>;
