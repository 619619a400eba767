import type { IssuedLink, LinkRecipient, PolicyLinks, PublicLink } from '@portal/domain';

const recipients: LinkRecipient[] = [
  { party: 'tenant', partyIndex: 0, name: 'María López', email: 'maria@example.mx', phone: '+525511122233' },
  { party: 'tenant', partyIndex: 1, name: 'Pedro Ruiz', email: '', phone: '' },
  { party: 'owner', partyIndex: 0, name: 'Roberto Sánchez', email: 'roberto@example.mx', phone: '+525512345678' },
];

export function makeLink(overrides: Partial<PublicLink> = {}): PublicLink {
  return {
    id: 11,
    policyId: 5,
    purpose: 'upload',
    party: 'tenant',
    partyIndex: 0,
    partyName: 'María López',
    email: 'maria@example.mx',
    phone: '+525511122233',
    state: 'sent',
    expiresAt: '2026-12-01T18:00:00.000Z',
    firstOpenedAt: null,
    finishedAt: null,
    revokedAt: null,
    lastSentAt: '2026-11-24T18:00:00.000Z',
    createdAt: '2026-11-24T18:00:00.000Z',
    createdByName: 'Ana Pérez',
    signingRoundId: null,
    ...overrides,
  };
}

export function makeLinks(overrides: Partial<PolicyLinks> = {}): PolicyLinks {
  return { links: [makeLink()], recipients, ...overrides };
}

export const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

export function makeIssued(link: PublicLink = makeLink({ id: 12 }), whatsappUrl: string | null = 'https://wa.me/525511122233?text=Hola'): IssuedLink {
  return { link, url: `https://polizas.test/p/${token}`, whatsappUrl };
}
