import { describe, expect, it } from 'vitest';
import {
  affiliateIdFromStag,
  firstErrorStep,
  nextStep,
  prevStep,
  registrationVariant,
  signUpSteps,
  stepOfField,
} from './sign-up-steps';
import { ageOn, normalizePhone, validateFields } from './validation';

describe('sign-up step machine (docs/player-app.md#sign-up-steps)', () => {
  it('moves forward to at most step 4 and back to at least step 1', () => {
    const total = signUpSteps('A').length;
    expect(total).toBe(4);
    let step = 1;
    for (let i = 0; i < 10; i++) step = nextStep(step, total);
    expect(step).toBe(4);
    for (let i = 0; i < 10; i++) step = prevStep(step);
    expect(step).toBe(1);
  });

  it('orders variant A as account, currency, personal, address; variant B merges them into two steps', () => {
    expect(signUpSteps('A').map((s) => s.id)).toEqual(['account', 'currency', 'personal', 'address']);
    expect(signUpSteps('B').map((s) => s.id)).toEqual(['account', 'details']);
    expect(
      signUpSteps('A')
        .flatMap((s) => s.fields)
        .sort(),
    ).toEqual(
      signUpSteps('B')
        .flatMap((s) => s.fields)
        .sort(),
    );
  });

  it('drops the nickname when the settings skip it', () => {
    expect(signUpSteps('A', true)[0]!.fields).toEqual(['email', 'password']);
  });

  it('shows the step holding the first server error', () => {
    const steps = signUpSteps('A');
    expect(stepOfField(steps, 'mobile_phone')).toBe(3);
    expect(firstErrorStep(steps, ['postal_code', 'first_name'])).toBe(3);
    expect(firstErrorStep(steps, ['email', 'postal_code'])).toBe(1);
    expect(firstErrorStep(steps, ['base'])).toBeNull();
  });

  it('picks the A/B variant from groups 614/615 or the affiliate id parity', () => {
    expect(affiliateIdFromStag('12ab_777')).toBe('12ab');
    expect(registrationVariant({ affiliateId: '12ab' })).toBe('B'); // b = 11, odd
    expect(registrationVariant({ affiliateId: '12ac' })).toBe('A'); // c = 12, even
    expect(registrationVariant({ affiliateId: null })).toBe('A');
    expect(registrationVariant({ affiliateId: 'xyz' })).toBe('A');
    expect(registrationVariant({ affiliateId: '12ab', groups: ['614'] })).toBe('A');
    expect(registrationVariant({ affiliateId: '12ac', groups: [615] })).toBe('B');
  });
});

describe('sign-up field checks', () => {
  const today = new Date('2026-06-15T12:00:00Z');

  it('checks one step at a time', () => {
    const values = { email: 'bad', password: 'short', nickname: 'ok_name' };
    expect(validateFields(['email', 'password', 'nickname'], values, today)).toEqual({
      email: 'email',
      password: 'password_length',
    });
  });

  it('requires 18+ years', () => {
    expect(ageOn('2008-06-15', today)).toBe(18);
    expect(ageOn('2008-06-16', today)).toBe(17);
    expect(validateFields(['date_of_birth'], { date_of_birth: '2008-06-16' }, today)).toEqual({ date_of_birth: 'age' });
    expect(validateFields(['date_of_birth'], { date_of_birth: '2001-02-30' }, today)).toEqual({
      date_of_birth: 'invalid',
    });
  });

  it('sends the phone with a leading plus', () => {
    expect(normalizePhone('61 412 345-678')).toBe('+61412345678');
    expect(normalizePhone('+49 (151) 234')).toBe('+49151234');
    expect(validateFields(['mobile_phone'], { mobile_phone: '+12' }, today)).toEqual({ mobile_phone: 'phone' });
  });

  it('requires the terms', () => {
    expect(
      validateFields(['terms_acceptance', 'receive_promos'], { terms_acceptance: false, receive_promos: false }, today),
    ).toEqual({ terms_acceptance: 'terms' });
  });
});
