import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { admin, signIn, signOut, unique } from './support';

test("a user turns on the verification in two steps on 'Mi cuenta', then signs in with a fresh code", async ({ page, request }) => {
  const agent = { email: `${unique('agente-mfa-')}@portal.test`, password: 'Agente-E2E-2026' };
  const login = await request.post('/api/auth/login', { data: admin });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...agent, firstName: 'Marta', lastName: 'Dos Pasos', role: 'agent', branchId: 1, phone: '5511111111', mobile: '5522222222' },
  });
  expect(created.status()).toBe(201);

  await signIn(page, agent.email, agent.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para la aplicación de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
  await page.getByLabel('Código de verificación').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Listo' }).click();
  await expect(page.getByText('Activada.')).toBeVisible();

  await signOut(page);
  await signIn(page, agent.email, agent.password);
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  // A code is accepted once: the next step's code (inside the ±1 step window), as the app would show 30 s later.
  await page.getByLabel('Código de verificación').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByText(agent.email)).toBeVisible();
});
