// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import es from '@/locales/es.json';
import type { WorkEligibility } from '@/schemas/work-eligibility';
import { OnboardingNotice } from './onboarding-notice';

const LINKS = { documents: '/documents', vehicles: '/vehicles', terms: '/terms' };
const EVERYTHING: WorkEligibility = {
  may_work: false,
  reasons: ['suspended', 'documents', 'no_approved_vehicle', 'terms'],
  suspended_until: '2026-11-28T10:00:00.000Z',
  documents: { missing: ['identity', 'goods_in_transit_insurance'], expired: ['goods_in_transit_insurance'] },
};

const show = (work: WorkEligibility, props: Partial<Parameters<typeof OnboardingNotice>[0]> = {}, messages = en) =>
  render(
    <IntlProvider locale={messages === en ? 'en-GB' : 'es-ES'} messages={messages}>
      <Router hook={memoryLocation().hook}>
        <OnboardingNotice work={work} links={LINKS} untilText="28th November 2026, 10:00" {...props} />
      </Router>
    </IntlProvider>,
  );

describe('the notice of why work is closed', () => {
  afterEach(cleanup);

  it('says each reason in the order the server gave, each with the link that puts it right', () => {
    show(EVERYTHING);
    const notice = screen.getByTestId('onboarding-notice');
    expect(
      within(notice)
        .getAllByRole('listitem')
        .map((li) => li.dataset.testid),
    ).toEqual(['work-suspended', 'missing-documents', 'missing-vehicle', 'missing-terms']);
    expect(screen.getByTestId('work-suspended').textContent).toBe(
      'Your account is suspended until 28th November 2026, 10:00: until then you cannot book, quote, claim journeys or reserve. ',
    );
    expect(screen.getByTestId('work-suspended').querySelector('a')).toBeNull();
    expect(screen.getByTestId('missing-documents')).toHaveProperty(
      'textContent',
      'Documents still needed: Proof of identity and Goods-in-transit insurance (expired). Upload documents',
    );
    expect(
      within(notice)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/documents', '/vehicles', '/terms']);
  });

  it('leaves out the reasons in `omit`, and shows nothing when none is left or the partner may work', () => {
    show(EVERYTHING, { omit: ['documents', 'suspended'], testId: 'work-notice' });
    expect(within(screen.getByTestId('work-notice')).getAllByRole('listitem')).toHaveLength(2);
    cleanup();
    const { container } = show(EVERYTHING, { omit: ['suspended', 'documents', 'no_approved_vehicle', 'terms'] });
    expect(container.innerHTML).toBe('');
    cleanup();
    const none = show({ ...EVERYTHING, may_work: true, reasons: [], suspended_until: null });
    expect(none.container.innerHTML).toBe('');
  });

  it('says that only transport partners may take work, in Spanish too', () => {
    show({ ...EVERYTHING, reasons: ['not_a_partner'] }, {}, es);
    expect(screen.getByTestId('work-not-a-partner').textContent).toContain(
      'Solo las cuentas de transportista pueden reservar trabajos',
    );
  });
});
