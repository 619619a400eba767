import { describe, expect, it } from 'vitest';
import { renderTemplate, whatsappGatewayInputSchema, whatsappSendInputSchema } from './whatsapp';

const values = { nombre: 'Ana López', sucursal: 'Coyoacán', asesor: 'Luis Pérez' };

describe('renderTemplate', () => {
  it('fills the known placeholders, any case and spacing, and leaves unknown ones as typed', () => {
    expect(renderTemplate('Hola {nombre}, le escribe {asesor} de {sucursal}.', values)).toBe('Hola Ana López, le escribe Luis Pérez de Coyoacán.');
    expect(renderTemplate('{ Nombre } y {NOMBRE}', values)).toBe('Ana López y Ana López');
    expect(renderTemplate('Su {poliza} y {nombre', values)).toBe('Su {poliza} y {nombre');
  });
});

describe('whatsappGatewayInputSchema', () => {
  it('accepts http(s) URLs without a trailing slash and refuses other schemes', () => {
    const parsed = whatsappGatewayInputSchema.parse({ kind: 'waha', serverUrl: 'https://wa.example.mx/', instance: 'default' });
    expect(parsed).toMatchObject({ serverUrl: 'https://wa.example.mx', apiKey: '' });
    expect(whatsappGatewayInputSchema.safeParse({ kind: 'waha', serverUrl: 'javascript:alert(1)', instance: 'default' }).success).toBe(false);
    expect(whatsappGatewayInputSchema.safeParse({ kind: 'otro', serverUrl: 'https://wa.example.mx', instance: 'default' }).success).toBe(false);
  });
});

describe('whatsappSendInputSchema', () => {
  it('needs a template or a text', () => {
    expect(whatsappSendInputSchema.safeParse({}).success).toBe(false);
    expect(whatsappSendInputSchema.safeParse({ text: '  ' }).success).toBe(false);
    expect(whatsappSendInputSchema.safeParse({ templateId: 3 }).success).toBe(true);
    expect(whatsappSendInputSchema.safeParse({ text: 'Hola' }).success).toBe(true);
  });
});

describe('the server URL', () => {
  it.each(['http://127.0.0.1:8080', 'https://wa.example.mx/evolution', 'https://wa.example.mx:443/'])('accepts %s', (serverUrl) => {
    expect(whatsappGatewayInputSchema.safeParse({ kind: 'evolution', serverUrl, instance: 'x' }).success).toBe(true);
  });
  it.each(['ftp://wa.example.mx', 'https://user:pw@wa.example.mx', 'https://wa.example.mx/?a=1', 'wa.example.mx'])('refuses %s', (serverUrl) => {
    expect(whatsappGatewayInputSchema.safeParse({ kind: 'evolution', serverUrl, instance: 'x' }).success).toBe(false);
  });
});
