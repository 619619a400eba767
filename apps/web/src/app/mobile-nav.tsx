import { useState } from 'react';
import { useLocation } from 'react-router';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Menu, X } from 'lucide-react';
import type { SessionUser } from '@portal/domain';
import { Button } from '@/components/ui/button';
import { overlayClasses } from '@/components/ui/dialog';
import { Sidebar } from './sidebar';

/**
 * Below `lg` the sidebar hides behind a menu button. The drawer is a Radix dialog: the button
 * reports aria-expanded, focus stays inside, Escape or a click outside closes it, and so does
 * navigating.
 */
export function MobileNav({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  // Open only on the page where it was opened: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Abrir menú de navegación">
          <Menu aria-hidden="true" />
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={`${overlayClasses} lg:hidden`} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-slate-200 bg-white shadow-xl lg:hidden dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 dark:border-slate-800">
            <DialogPrimitive.Title className="text-base font-semibold">Menú de navegación</DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Cerrar menú de navegación">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <Sidebar user={user} onNavigate={() => setOpen(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
