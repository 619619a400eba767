import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';

/**
 * 'Volver' (and the results screen's 'Cerrar'): one step back, as the spec says. A screen opened
 * straight from a link or a reload has no step back inside the app ('default' location key),
 * so it goes to 'Seguimiento de Pólizas', where these screens are reached from.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') void navigate(paths.policies.tracking.to());
    else void navigate(-1);
  };
}
