import { describe, expect, it } from 'vitest';
import { adminNavItems, isNavItemActive, mainNavItems } from '@/app/nav-items';
import { staffRoutes } from '@/staff-routes';

describe("the incidencias' places in the sidebar and the router", () => {
  it("puts 'Incidencias' between 'Rentas en mora' and 'Addendums', also current on a case's page", () => {
    const labels = mainNavItems.map((item) => item.label);
    expect(labels.slice(labels.indexOf('Rentas en mora'), labels.indexOf('Addendums') + 1)).toEqual(['Rentas en mora', 'Incidencias', 'Addendums']);
    const item = mainNavItems.find((entry) => entry.label === 'Incidencias')!;
    expect(item.to).toBe('/claims');
    expect(isNavItemActive(item, '/claims/42', '')).toBe(true);
    expect(isNavItemActive(item, '/admin/claim-stages', '')).toBe(false);
  });

  it("lists 'Etapas de incidencias' with the administration, and routes it behind the admins' guard", () => {
    expect(adminNavItems.find((item) => item.label === 'Etapas de incidencias')?.to).toBe('/admin/claim-stages');
    const admin = staffRoutes.find((route) => route.id === 'admin');
    expect(admin?.children?.map((route) => route.path)).toContain('/admin/claim-stages');
    expect(staffRoutes.map((route) => route.path)).toContain('/claims');
    expect(staffRoutes.map((route) => route.path)).not.toContain('/admin/claim-stages');
  });
});
