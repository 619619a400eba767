import { Outlet, useNavigation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/features/auth';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar } from './sidebar';

/**
 * The signed-in shell, with the query client its screens share (not at the root: /login works
 * without TanStack Query, issue 13).
 */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Shell />
    </QueryClientProvider>
  );
}

/** Header, sidebar (a drawer below lg), the screen, footer. */
function Shell() {
  const { user } = useSession();
  const navigation = useNavigation();
  // The guard stores the user before this renders; null only while signing out.
  if (!user) return null;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-md bg-brand-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 print:hidden"
      >
        Saltar al contenido
      </a>
      {navigation.state !== 'idle' ? (
        <div role="progressbar" aria-label="Cargando" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100 dark:bg-brand-950">
          <div className="h-full w-1/3 animate-[pulse_1s_ease-in-out_infinite] bg-brand-600 dark:bg-brand-400" />
        </div>
      ) : null}
      {/* Printed, a screen is only its content (the expediente's summary, issue 14): no shell. */}
      <div className="contents print:hidden">
        <Header user={user} />
      </div>
      <div className="flex flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900 print:hidden">
          <Sidebar user={user} />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="contenido" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">
            <Outlet />
          </main>
          <div className="contents print:hidden">
            <Footer />
          </div>
        </div>
      </div>
    </div>
  );
}
