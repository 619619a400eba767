import type { LucideIcon } from 'lucide-react';
import { ArchiveX, Briefcase, Building2, CalendarClock, Coins, FilePlus2, FileText, Inbox, LayoutDashboard, Layers, ListChecks, Mail, MessageCircle, Handshake, Percent, Receipt, ScrollText, ShieldCheck, Timer, UserSearch, Users, Users2, Wallet } from 'lucide-react';
import { feeManagerRoles, leadWorkerRoles, type Role } from '@portal/domain';
import { investigationOrigin, paths } from '@/lib/paths';

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** When the item counts as the current page; default: its URL or any URL below it. */
  isActive?: (pathname: string, search: string) => boolean;
  /** Only for these roles (default: every role of its section). */
  roles?: readonly Role[];
}

const below = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

export function isNavItemActive(item: NavItem, pathname: string, search: string): boolean {
  return (item.isActive ?? below(item.to))(pathname, search);
}

/** The upload and results screens: under 'Pólizas', or under 'Seguimiento' when opened from there. */
const isInvestigationScreen = (pathname: string) =>
  pathname === paths.uploadDocuments.pattern || pathname === paths.policies.results.pattern;
const fromTracking = (pathname: string, search: string) => isInvestigationScreen(pathname) && investigationOrigin(search) === 'tracking';

/** The sidebar, as the spec lists it. Addendums is tagged admin/agent/supervisor but shown to all. */
export const mainNavItems: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard.to(), icon: LayoutDashboard, isActive: (p) => p === '/' },
  {
    label: 'Pólizas',
    to: paths.policies.list.to(),
    icon: FileText,
    // The list and its form, results and uploads; tracking has its own item, and so do the
    // results and uploads opened from it.
    isActive: (p, search) =>
      ((below(paths.policies.list.to())(p) && !below(paths.policies.tracking.to())(p)) || below(paths.uploadDocuments.to())(p)) &&
      !fromTracking(p, search),
  },
  {
    label: 'Seguimiento',
    to: paths.policies.tracking.to(),
    icon: ListChecks,
    isActive: (p, search) => below(paths.policies.tracking.to())(p) || fromTracking(p, search),
  },
  { label: 'Control de Citas', to: paths.appointments.to(), icon: CalendarClock },
  { label: 'Rentas en mora', to: paths.rents.arrears.to(), icon: Wallet },
  // Issue 33: the list and board (a case's page, /claims/{id}, counts as this item too).
  { label: 'Incidencias', to: paths.claims.list.to(), icon: Briefcase },
  { label: 'Addendums', to: paths.addendums.list.to(), icon: FilePlus2 },
  // Issue 34: the office's money — the month's billing, the invoices, the asesores and their commissions.
  { label: 'Facturación', to: paths.billing.report.to(), icon: Coins, roles: feeManagerRoles },
  { label: 'Facturas', to: paths.invoices.to(), icon: Receipt, roles: feeManagerRoles },
  // A broker's page and 'Comisiones por pagar' count as 'Asesores' too.
  { label: 'Asesores', to: paths.brokers.list.to(), icon: Handshake, roles: feeManagerRoles, isActive: (p) => below(paths.brokers.list.to())(p) || below(paths.brokers.report.to())(p) },
  { label: 'Leads', to: paths.leads.to(), icon: Users2, roles: leadWorkerRoles },
];

/** A branch's settings: managers and admins (issue 20). */
export const managerNavItems: NavItem[] = [
  { label: 'Captura de leads', to: paths.leadCapture.to(), icon: Inbox },
  { label: 'WhatsApp', to: paths.settings.whatsapp.to(), icon: MessageCircle },
];

export const adminNavItems: NavItem[] = [
  { label: 'Gestión de Usuarios', to: paths.admin.users.list.to(), icon: Users },
  { label: 'Gestión de Sucursales', to: paths.admin.branches.list.to(), icon: Building2 },
  { label: 'Plantillas de documentos', to: paths.admin.templates.to(), icon: ScrollText },
  { label: 'Aviso de privacidad', to: paths.admin.privacy.to(), icon: ShieldCheck },
  { label: 'Retención de documentos', to: paths.admin.retention.to(), icon: ArchiveX },
  { label: 'Solicitudes ARCO', to: paths.admin.arco.to(), icon: UserSearch },
  { label: 'Etapas de incidencias', to: paths.claims.stages.to(), icon: Layers },
  { label: 'Tarifas', to: paths.admin.tariffs.to(), icon: Percent },
  { label: 'Correos salientes', to: paths.admin.emails.to(), icon: Mail },
  { label: 'Tareas programadas', to: paths.admin.jobs.to(), icon: Timer },
];
