import { describe, expect, it } from 'vitest';
import { leadCaptureFirstNote, leadCaptureFormSchema, leadCaptureFormSnippet, leadCaptureSettingsInputSchema, normalizeLeadCaptureOrigin } from '../index';

describe('lead capture origins', () => {
  it('keeps https origins and local http ones, canonical, and refuses paths, queries and plain http elsewhere', () => {
    expect(normalizeLeadCaptureOrigin('https://WWW.Sitio.mx/')).toBe('https://www.sitio.mx');
    expect(normalizeLeadCaptureOrigin('https://sitio.mx:443')).toBe('https://sitio.mx');
    expect(normalizeLeadCaptureOrigin('https://sitio.mx:8443')).toBe('https://sitio.mx:8443');
    expect(normalizeLeadCaptureOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeLeadCaptureOrigin('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080');
    for (const bad of ['http://sitio.mx', 'https://sitio.mx/contacto', 'https://sitio.mx?a=1', 'https://user@sitio.mx', 'sitio.mx', 'https://', 'https://sitio.mx:99999']) {
      expect(normalizeLeadCaptureOrigin(bad), bad).toBeNull();
    }
  });

  it('drops blanks and repeats, and names the bad origin', () => {
    expect(leadCaptureSettingsInputSchema.parse({ origins: ['https://a.mx', ' ', 'https://A.mx/'] }).origins).toEqual(['https://a.mx']);
    expect(leadCaptureSettingsInputSchema.safeParse({ origins: ['https://a.mx/x'] }).error?.issues[0]?.message).toContain('«https://a.mx/x» no es un origen válido');
  });
});

describe('the public lead form', () => {
  it('needs a name and a valid phone or WhatsApp, kept as E.164', () => {
    expect(leadCaptureFormSchema.parse({ name: ' Ana ', phonewhats: '55 9000 4000' })).toMatchObject({ name: 'Ana', phone: '', phonewhats: '+525590004000' });
    expect(leadCaptureFormSchema.safeParse({ name: 'Ana' }).error?.issues[0]?.message).toBe('Indique un teléfono o un número de WhatsApp');
    expect(leadCaptureFormSchema.safeParse({ name: 'Ana', phone: '12' }).error?.issues[0]?.message).toBe('El campo Teléfono no es un número de teléfono válido');
    expect(leadCaptureFormSchema.safeParse({ phone: '5590004000' }).error?.issues[0]?.message).toBe('El campo Nombre es obligatorio');
    expect(leadCaptureFormSchema.safeParse({ name: 'Ana', phone: '5590004000', email: 'no' }).success).toBe(false);
  });

  it('keeps the message and the e-mail as the first note', () => {
    expect(leadCaptureFirstNote({ message: 'Hola', email: 'a@b.mx' })).toBe('Hola\n\nCorreo: a@b.mx');
    expect(leadCaptureFirstNote({ message: '', email: '' })).toBe('');
  });

  it('writes a ready form with the honeypot hidden', () => {
    const snippet = leadCaptureFormSnippet('https://p.mx/api/public/leads/k"1', 'https://sitio.mx/gracias');
    expect(snippet).toContain('action="https://p.mx/api/public/leads/k&quot;1"');
    expect(snippet).toContain('name="sitio_web" tabindex="-1"');
    expect(snippet).toContain('aria-hidden="true"');
    expect(snippet).toContain('name="_redirect" value="https://sitio.mx/gracias"');
  });
});
