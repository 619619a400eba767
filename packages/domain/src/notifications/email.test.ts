import { describe, expect, it } from 'vitest';
import { linkPurposes } from '../public-links/links';
import { emailKindLabel } from './email';
import { notificationKinds } from './notification';

describe('emailKindLabel', () => {
  it('names every kind the API queues in Spanish', () => {
    const queued = [...notificationKinds, 'appointment_invitation', 'appointment_update', 'appointment_cancellation', 'signing_code', 'rent_confirmation', 'rent_reminder', 'claim_stage', ...linkPurposes.map((purpose) => `link_${purpose}`)];
    for (const kind of queued) expect(emailKindLabel(kind), kind).not.toMatch(/^Otro|_/);
  });

  it('says an unknown kind is another one instead of passing for a known one', () => {
    expect(emailKindLabel('x_y')).toBe('Otro (x_y)');
  });
});
