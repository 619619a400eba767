import { expect, type APIRequestContext } from '@playwright/test';
import { examplePolicyInput, type exampleTenant } from '@portal/domain/testing';
import { completeJsonLines } from './json-lines';
import { admin } from './support';

/*
 * The signing journeys' helpers: what they read from the real SMTP receiver on loopback
 * (e2e/smtp-receiver.ts) — the links and one-time codes e-mailed to signers —, the admin's API
 * token, and a signer who signs through the API as their page would.
 */

interface ReceivedMail {
  to: string[];
  text: string;
}

export const receivedMail = (): ReceivedMail[] => completeJsonLines<ReceivedMail>(process.env.E2E_MAIL_FILE!);

/** A signing link's token and a one-time code, as the e-mails write them. */
export const linkPattern = /\/p\/([A-Za-z0-9_-]{43})/;
export const codePattern = /Su código es (\d{6})/;

/** The first match of `pattern` in the newest e-mail to `email` that has one (after the first `after` e-mails), waiting for the delivery. */
export async function fromMail(email: string, pattern: RegExp, after = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const mails = receivedMail().slice(after).filter((mail) => mail.to.includes(email));
        found = mails.map((mail) => pattern.exec(mail.text)?.[1]).filter(Boolean).at(-1);
        return found;
      },
      { timeout: 20_000, message: `an e-mail to ${email} matching ${pattern}` },
    )
    .toBeTruthy();
  return found!;
}

export async function adminHeaders(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: admin });
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** A signer signs with a typed signature through the public API, as their page would: the aviso, the e-mailed code, the signature. */
export async function signTypedByApi(request: APIRequestContext, signer: { token: string; email: string; name: string }) {
  const api = `/api/public/links/${signer.token}`;
  expect((await request.post(`${api}/privacy`, { data: { version: 1 } })).status()).toBe(204);
  const before = receivedMail().length;
  expect((await request.post(`${api}/signing/code`, { data: {} })).status()).toBe(200);
  const code = await fromMail(signer.email, codePattern, before);
  expect((await request.post(`${api}/signing/verify`, { data: { code } })).status()).toBe(204);
  const { packSha256 } = (await (await request.get(`${api}/signing`)).json()) as { packSha256: string };
  const signed = await request.post(`${api}/signing/sign`, { data: { signature: { kind: 'typed', text: signer.name }, accept: true, packSha256 } });
  expect(signed.status(), await signed.text()).toBe(200);
}

/**
 * A policy of branch 1 marked 'Firma electrónica', its investigation approved: one tenant and the
 * owner, each with their own e-mail (where their signing links will go).
 */
export async function createSigningPolicy(request: APIRequestContext, headers: Record<string, string>, people: { tenant: ReturnType<typeof exampleTenant>; ownerEmail: string }) {
  const base = examplePolicyInput();
  const created = await request.post('/api/policy', {
    headers,
    data: examplePolicyInput({
      status: 'investigation_approved',
      branchId: 1,
      isElectronicSignature: true,
      tenants: [people.tenant],
      property: { ...base.property!, owner: { ...base.property!.owner, email: people.ownerEmail } },
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; investigationId: string };
}
