// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { appointmentInvitationEmail, appointmentReminderEmail, notificationEmail, publicLinkEmail, rentConfirmationEmail, signingCodeEmail } from './templates';
import { maskSecrets, signingCodeKind } from './secrets';

/** The e-mail's HTML as a mail client reads it (happy-dom's parser, as a browser would). */
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

const anchors = (html: string) => [...parse(html).querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent.trim(), inButton: a.closest('td[bgcolor]') !== null }));

const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

describe('e-mail HTML (issue 29)', () => {
  it('makes a link e-mail’s address a button and a link, and keeps the plain address in the text', () => {
    const url = `https://polizas.test/p/${token}`;
    for (const purpose of ['upload', 'sign'] as const) {
      const email = publicLinkEmail({ name: 'María', branchName: 'Sucursal Polanco', purpose, url, expiresOn: '1 de diciembre de 2026' });
      const links = anchors(email.html);
      expect(links.find((link) => link.inButton)).toMatchObject({ href: url, text: purpose === 'upload' ? 'Subir mis documentos' : 'Revisar y firmar' });
      expect(links.filter((link) => link.href === url)).toHaveLength(2);
      expect(email.text).toContain(url);
    }
  });

  it("makes the owner's rent question a button to the page, and its token is masked once sent (issue 32)", () => {
    const url = `https://polizas.test/r/${token}`;
    const email = rentConfirmationEmail({ ownerName: 'Roberto', branchName: 'Sucursal Polanco', question: '¿Recibió la renta de diciembre 2026 ($18,500.00)?', propertyAddress: 'Calle Durango 214, Roma Norte', url, expiresOn: '24 de marzo de 2027' });
    expect(anchors(email.html).find((link) => link.inButton)).toMatchObject({ href: url, text: 'Responder' });
    expect(email.text).toContain('¿Recibió la renta de diciembre 2026 ($18,500.00)?');
    expect(maskSecrets(email.text, 'rent_confirmation')).not.toContain(token);
    expect(maskSecrets(email.text, 'rent_confirmation')).toContain('/r/[enlace enviado]');
  });

  it('makes Confirmar asistencia a button and No podré asistir a link on invitations and updates; none on a cancellation', () => {
    const base = { attendeeName: 'Lucía', branchName: 'Sucursal Polanco', title: 'Firma', when: 'jueves', location: 'Oficina', meetUrl: 'https://meet.jit.si/portal-abc' };
    for (const kind of ['invitation', 'update'] as const) {
      const email = appointmentInvitationEmail({ ...base, kind, answerUrl: `https://polizas.test/cita/${token}` });
      const links = anchors(email.html);
      expect(links.find((link) => link.inButton)).toEqual({ href: `https://polizas.test/cita/${token}?respuesta=si`, text: 'Confirmar asistencia', inButton: true });
      expect(links).toContainEqual({ href: `https://polizas.test/cita/${token}?respuesta=no`, text: 'No podré asistir', inButton: false });
      expect(links).toContainEqual({ href: 'https://meet.jit.si/portal-abc', text: 'https://meet.jit.si/portal-abc', inButton: false });
      expect(email.text).toContain(`Confirmar asistencia: https://polizas.test/cita/${token}?respuesta=si`);
    }
    const cancellation = appointmentInvitationEmail({ ...base, kind: 'cancellation', answerUrl: null });
    expect(anchors(cancellation.html).map((link) => link.href)).toEqual(['https://meet.jit.si/portal-abc']);
  });

  it('links the video call of a reminder and any address in a notice, punctuation after it left out', () => {
    const reminder = appointmentReminderEmail({ attendeeName: 'Lucía', title: 'Firma', when: 'jueves', location: 'Oficina', meetUrl: 'https://meet.jit.si/sala?x=1&y=2' });
    expect(anchors(reminder.html)).toContainEqual({ href: 'https://meet.jit.si/sala?x=1&y=2', text: 'https://meet.jit.si/sala?x=1&y=2', inButton: false });
    const notice = notificationEmail('job_failed', { name: 'Ana', title: 'Falla', body: 'Vea https://polizas.test/admin/jobs.' });
    expect(anchors(notice.html)).toEqual([{ href: 'https://polizas.test/admin/jobs', text: 'https://polizas.test/admin/jobs', inButton: false }]);
  });

  it('escapes what people typed, in the text and in the links', () => {
    const email = appointmentInvitationEmail({
      kind: 'invitation',
      attendeeName: '<b>Lucía</b>',
      branchName: 'Sucursal "Polanco"',
      title: '<img src=x onerror=alert(1)>',
      when: 'jueves',
      location: '<script>alert(1)</script>',
      meetUrl: 'https://meet.test/"><script>alert(1)</script>',
      answerUrl: `https://polizas.test/cita/${token}`,
    });
    const page = parse(email.html);
    expect(page.querySelectorAll('script, img, b')).toHaveLength(0);
    expect(page.body.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(page.body.textContent).toContain('<script>alert(1)</script>');
  });

  it('keeps the signing code out of the subject (lock screens show it) and masks it in the body once sent', () => {
    const email = signingCodeEmail({ name: 'María', code: '774673', validMinutes: 10 });
    expect(email.subject).toBe('Su código para firmar los contratos');
    expect(email.text).toContain('774673');
    expect(parse(email.html).body.textContent).toContain('774673');
    expect(maskSecrets(email.html, signingCodeKind)).not.toContain('774673');
    expect(maskSecrets(email.text, signingCodeKind)).toContain('Su código es ******.');
  });
});
