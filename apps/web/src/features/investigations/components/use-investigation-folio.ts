import { useLocation, useSearchParams } from 'react-router';
import { readInvestigationNavState, type InvestigationNavState } from './investigation-nav-state';

/**
 * Which investigation a screen shows: `?folio=` in the URL (it survives a reload), else the
 * router state's investigationId. The router state is used only when it is about that same folio.
 */
export function useInvestigationFolio(): { folio: string; navState: InvestigationNavState | null } {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = readInvestigationNavState(location.state);
  const folio = params.get('folio')?.trim() || state?.investigationId || '';
  return { folio, navState: state && state.investigationId === folio ? state : null };
}
