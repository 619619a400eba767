import { useLayoutEffect } from 'react';
import {
  createBrowserRouter,
  Outlet,
  useLocation,
  useNavigationType,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { paths } from '@/lib/paths';
import { ErrorScreen } from '@/app/error-screen';
import { FullPageSpinner } from '@/app/full-page-spinner';
import { loginLoader } from '@/app/login-guard';

// The session guards bring the query client: loaded with the shell, not by /login (issue 13).
const protectedLoader = (args: LoaderFunctionArgs) => import('@/app/guards').then((m) => m.protectedLoader(args));

/**
 * A new screen starts at the top (issue 29: after 'Crear Póliza' the list opened scrolled down).
 * Only a new path scrolls: back and forward keep the browser's own restoration, a screen's own
 * anchor (#documentos) and a list's filters in the query string stay where they are.
 */
function RootLayout() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
    // On a new path only: `hash` and the navigation type are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
  return <Outlet />;
}

// The session is re-checked (GET /api/auth/me, cached 30 s) on every navigation into the shell.
const alwaysRecheck = () => true;

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        path: paths.login.pattern,
        loader: loginLoader,
        lazy: () => import('@/features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: paths.mfaSetup.pattern,
        lazy: () => import('@/features/auth/pages/mfa-setup-page').then((m) => ({ Component: m.MfaSetupPage })),
      },
      {
        // Public (issue 17): outside the session's guard and the shell.
        path: paths.publicLink.pattern,
        lazy: () => import('@/app/public-link-route').then((m) => ({ Component: m.PublicLinkRoute })),
      },
      {
        // Public (issue 20): an appointment invitation's 'Confirmar asistencia' / 'No podré asistir'.
        path: paths.appointmentInvitation.pattern,
        lazy: () => import('@/app/appointment-invitation-route').then((m) => ({ Component: m.AppointmentInvitationRoute })),
      },
      {
        // Public (issue 32): the owner confirms a month's rent.
        path: paths.rentConfirmation.pattern,
        lazy: () => import('@/app/rent-confirmation-route').then((m) => ({ Component: m.RentConfirmationRoute })),
      },
      {
        // Public (issue 32): the owner or the tenant adds photos for the acta de entrega.
        path: paths.moveOutPhotos.pattern,
        lazy: () => import('@/app/move-out-photos-route').then((m) => ({ Component: m.MoveOutPhotosRoute })),
      },
      {
        // Public (issue 35): anyone checks a signed PDF, or the code on its evidence page.
        path: paths.verification.upload.pattern,
        lazy: () => import('@/app/verification-route').then((m) => ({ Component: m.VerificationRoute })),
      },
      {
        path: paths.verification.byCode.pattern,
        lazy: () => import('@/app/verification-route').then((m) => ({ Component: m.VerificationRoute })),
      },
      {
        id: 'app',
        loader: protectedLoader,
        shouldRevalidate: alwaysRecheck,
        lazy: () => import('@/app/app-layout').then((m) => ({ Component: m.AppLayout })),
        // Its screens arrive with the first navigation into the shell (patchStaffRoutes below).
      },
    ],
  },
];

/**
 * Brings the shell's screens (`staff-routes.tsx`) into the 'app' route the first time a path
 * matches nothing else: /login and the public pages never load them. Once they are in, their '*'
 * catches every other path, so this runs again only for paths with parameters, and returns at once.
 */
export const patchStaffRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  if (matches.some((match) => match.route.id !== 'root')) return;
  const { staffRoutes } = await import('./staff-routes');
  patch('app', staffRoutes);
};

export function createAppRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: patchStaffRoutes });
}
