import { Result } from 'effect';
import { describe, expect, it } from 'vitest';
import { decodeResult } from '@/schemas/decode';
import {
  addressShortForm,
  firstPartOfPostcode,
  PROFILE_MESSAGES,
  ProfileUpdateRequest,
  ratingMean,
} from '@/schemas/profile';
import {
  DEFAULT_NOTIFICATION_MATRIX,
  NOTIFICATION_MESSAGES,
  NotificationPreferencesRequest,
} from '@/schemas/notification-preferences';

const decodeProfile = decodeResult(ProfileUpdateRequest, 'ProfileUpdateRequest');
const decodeMatrix = decodeResult(NotificationPreferencesRequest, 'NotificationPreferencesRequest');
const issues = (result: Result.Result<unknown, { issues: readonly { path: string; message: string }[] }>) =>
  Result.isFailure(result) ? result.failure.issues.map((i) => [i.path, i.message]) : [];

describe('the address short form (spec §3)', () => {
  it('is the town followed by the first part of the postcode', () => {
    expect(addressShortForm({ town: 'Exeter', postcode: 'EX1 1GE' })).toBe('Exeter EX1');
    expect(addressShortForm({ town: 'Manchester', postcode: ' m1 4bt ' })).toBe('Manchester M1');
  });

  it('shows what there is when the town or the postcode is missing', () => {
    expect(addressShortForm({ town: null, postcode: 'NR1 3JU' })).toBe('NR1');
    expect(addressShortForm({ town: 'Norwich', postcode: null })).toBe('Norwich');
  });

  it('is a dash when the address is missing', () => {
    expect(addressShortForm(null)).toBe('-');
    expect(addressShortForm(undefined)).toBe('-');
    expect(addressShortForm({ town: ' ', postcode: '' })).toBe('-');
  });

  it('takes the outward code of a postcode', () => {
    expect(firstPartOfPostcode('SW1A 1AA')).toBe('SW1A');
    expect(firstPartOfPostcode(null)).toBeNull();
  });
});

describe('ProfileUpdate', () => {
  const valid = { full_name: ' Hannah Price ', phone: '07700 900123', company_name: '', postcode: 'ex1 1ge' };

  it('trims, and reads empty optional fields as none', () => {
    const result = decodeProfile({ payload: valid });
    expect(Result.getOrThrow(result).payload).toEqual({
      full_name: 'Hannah Price',
      phone: '07700 900123',
      company_name: null,
      company_number: null,
      postcode: 'ex1 1ge',
    });
  });

  it('refuses each bad field with its own message', () => {
    const result = decodeProfile({
      payload: { full_name: '  ', phone: '12', company_number: 'ABC', postcode: 'EX1' },
    });
    expect(issues(result)).toEqual([
      ['payload.full_name', PROFILE_MESSAGES.fullNameRequired],
      ['payload.phone', PROFILE_MESSAGES.phone],
      ['payload.company_number', PROFILE_MESSAGES.companyNumber],
      ['payload.postcode', 'Please Enter a Valid UK Postcode'],
    ]);
  });

  it('refuses a name too long and text PostgreSQL cannot store', () => {
    expect(issues(decodeProfile({ payload: { ...valid, full_name: 'x'.repeat(101) } }))).toEqual([
      ['payload.full_name', PROFILE_MESSAGES.fullNameTooLong],
    ]);
    expect(issues(decodeProfile({ payload: { ...valid, company_name: 'a\u0000b' } }))[0]?.[0]).toBe(
      'payload.company_name',
    );
  });
});

describe('NotificationPreferencesRequest', () => {
  it('takes the whole matrix', () => {
    const result = decodeMatrix({ payload: { preferences: DEFAULT_NOTIFICATION_MATRIX } });
    expect(Result.getOrThrow(result).payload.preferences).toEqual(DEFAULT_NOTIFICATION_MATRIX);
  });

  it('refuses an unknown event or channel, and a missing one, each at its path', () => {
    const { payments, ...rest } = DEFAULT_NOTIFICATION_MATRIX;
    const result = decodeMatrix({
      payload: {
        preferences: {
          ...rest,
          messages: { email: true, sms: false, fax: true },
          sms_alerts: { email: true, sms: true, in_app: true },
        },
      },
    });
    void payments;
    expect(issues(result)).toEqual(
      expect.arrayContaining([
        ['payload.preferences.messages.fax', NOTIFICATION_MESSAGES.unknownChannel],
        ['payload.preferences.messages.in_app', NOTIFICATION_MESSAGES.missingChannel],
        ['payload.preferences.sms_alerts', NOTIFICATION_MESSAGES.unknownEvent],
        ['payload.preferences.payments', NOTIFICATION_MESSAGES.missingEvent],
      ]),
    );
  });

  it('refuses a choice that is not a boolean', () => {
    const result = decodeMatrix({
      payload: { preferences: { ...DEFAULT_NOTIFICATION_MATRIX, payments: { email: 'yes', sms: true, in_app: true } } },
    });
    expect(issues(result).map(([path]) => path)).toEqual(['payload.preferences.payments.email']);
  });
});

it("a rating's mean is the mean of its four criteria", () => {
  expect(ratingMean({ punctuality: 5, communication: 4, care_of_goods: 3, presentation: 4 })).toBe(4);
});
