import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessInput } from './route-access';

const base: AccessInput = {
  access: 'auth',
  auth: 'in',
  signedOut: false,
  location: '/reservations?week=2',
  redirectParam: null,
  features: { third_party_partner: true, reservation_menu: true },
};

describe('decideAccess', () => {
  it('renders public pages whatever the session', () => {
    expect(decideAccess({ ...base, access: 'public', auth: 'checking' })).toEqual({ kind: 'render' });
  });

  it('waits while the session is being restored', () => {
    expect(decideAccess({ ...base, auth: 'checking' })).toEqual({ kind: 'wait' });
  });

  it('sends guests to sign-in with the page they asked for', () => {
    expect(decideAccess({ ...base, auth: 'out' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Freservations%3Fweek%3D2',
    });
  });

  it("keeps a guest's fragment in the return path", () => {
    expect(decideAccess({ ...base, auth: 'out', location: '/work?tab=completed', hash: '#x' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwork%3Ftab%3Dcompleted%23x',
    });
    expect(decideAccess({ ...base, auth: 'out', location: '/work', hash: '#' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fwork',
    });
  });

  it("gives the return path the sign-in page's own fragment when it has none of its own", () => {
    const signedIn = { ...base, access: 'guest' as const };
    expect(decideAccess({ ...signedIn, redirectParam: '/find-work?x=1', hash: '#a' })).toEqual({
      kind: 'redirect',
      to: '/find-work?x=1#a',
    });
    expect(decideAccess({ ...signedIn, redirectParam: '/work?tab=completed#x', hash: '#a' })).toEqual({
      kind: 'redirect',
      to: '/work?tab=completed#x',
    });
    // no return path: home, whatever the fragment
    expect(decideAccess({ ...signedIn, redirectParam: null, hash: '#a' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends guests from home to sign-in without a return path', () => {
    expect(decideAccess({ ...base, auth: 'out', location: '/' })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('gives no return path after the user signed out', () => {
    expect(decideAccess({ ...base, auth: 'out', signedOut: true })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends signed-in users on the sign-in page back to a safe return path', () => {
    expect(decideAccess({ ...base, access: 'guest', redirectParam: '/reservations' })).toEqual({
      kind: 'redirect',
      to: '/reservations',
    });
  });

  it.each(['//evil.example', '/\\evil', 'javascript:alert(1)', 'https://evil.example/x'])(
    'sends signed-in users home instead of to %s',
    (hostile) => {
      expect(decideAccess({ ...base, access: 'guest', redirectParam: hostile })).toEqual({ kind: 'redirect', to: '/' });
    },
  );

  it('renders the sign-in page to guests', () => {
    expect(decideAccess({ ...base, access: 'guest', auth: 'out' })).toEqual({ kind: 'render' });
  });

  it('waits for the feature flags before deciding a signed-in page', () => {
    expect(decideAccess({ ...base, features: null })).toEqual({ kind: 'wait' });
  });

  it('sends every page but home to home when the third-party-partner flag is off', () => {
    const features = { third_party_partner: false, reservation_menu: true };
    expect(decideAccess({ ...base, features })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ ...base, features, location: '/' })).toEqual({ kind: 'render' });
  });

  it('sends a page whose feature flag is off home', () => {
    expect(decideAccess({ ...base, feature: 'work_calendar' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decideAccess({ ...base, feature: 'reservation_menu' })).toEqual({ kind: 'render' });
  });

  describe('admin routes (the machines page)', () => {
    const admin: AccessInput = { ...base, access: 'admin', location: '/machines' };

    it('render to a signed-in admin, whatever the partner flags say', () => {
      expect(decideAccess({ ...admin, isAdmin: true, features: null })).toEqual({ kind: 'render' });
      expect(decideAccess({ ...admin, isAdmin: true, features: { third_party_partner: false } })).toEqual({
        kind: 'render',
      });
    });

    it('are not found for a signed-in partner in a production build', () => {
      expect(decideAccess({ ...admin, isAdmin: false, devBuild: false })).toEqual({ kind: 'notFound' });
    });

    it('render to every signed-in user in a development build', () => {
      expect(decideAccess({ ...admin, isAdmin: false, devBuild: true })).toEqual({ kind: 'render' });
    });

    it('send guests to sign-in with the page they asked for, like any signed-in page', () => {
      expect(decideAccess({ ...admin, auth: 'out', devBuild: true })).toEqual({
        kind: 'redirect',
        to: '/login?redirect=%2Fmachines',
      });
      expect(decideAccess({ ...admin, auth: 'checking' })).toEqual({ kind: 'wait' });
    });
  });
});
