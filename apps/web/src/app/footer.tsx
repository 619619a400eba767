import { currentYear } from '@/lib/dates';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-500 sm:px-6 dark:border-slate-800 dark:text-slate-400">
      © {currentYear()} Portal de Pólizas. Todos los derechos reservados.
    </footer>
  );
}
