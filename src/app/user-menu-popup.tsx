import { useSelector } from '@xstate/react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { User } from '@/schemas/user';
import { currentLocale } from '@/machines/locale/locale.selectors';
import { PORTAL_LOCALES, type PortalLocale } from '@/src/format/locale-codes';
import { useAuthActor, useLocaleActor } from './root-actors';
import { hasRoute } from './route-table';
import { initialsOf } from './user-menu';

/** The partner's account pages (spec §2 profile, my vehicles, my drivers, notifications…), as the menu lists them. */
const ACCOUNT_PAGES = [
  { path: '/profile', label: 'menu.profile' },
  { path: '/vehicles', label: 'menu.vehicles' },
  { path: '/drivers', label: 'menu.drivers' },
  { path: '/journey', label: 'menu.journeys' },
  { path: '/documents', label: 'menu.documents' },
  { path: '/payments', label: 'menu.payments' },
  { path: '/notifications', label: 'menu.notifications' },
  { path: '/terms', label: 'menu.terms' },
] as const;

/**
 * The user menu (spec §2): who is signed in, the account pages, the language, switch user for admins (and the way
 * back while acting as a partner), sign out. A React Aria menu, so keyboard and screen readers work. Loaded on first
 * use (see user-menu.tsx); it opens at once when it arrives.
 */
export default function UserMenuPopup({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const intl = useIntl();
  const trigger = useRef<HTMLButtonElement>(null);
  // Opens at once: it replaces the plain button that was clicked (user-menu.tsx). That button is gone, so
  // React Aria cannot give focus back to it; focus returns to this trigger once the popover has closed.
  const [open, setOpen] = useState(true);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) trigger.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const locale = useLocaleActor();
  const code = useSelector(locale, currentLocale);
  const auth = useAuthActor();
  const [, navigate] = useLocation();
  const pages = ACCOUNT_PAGES.filter((p) => hasRoute(p.path));
  const impersonating = user.impersonator_id !== null;
  const canSwitch = user.role === 'admin' && hasRoute('/switch-user');
  return (
    <MenuTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        ref={trigger}
        className="user-menu-button"
        aria-label={intl.formatMessage({ id: 'menu.open' }, { name: user.full_name })}
      >
        <span className="avatar" aria-hidden="true">
          {initialsOf(user.full_name)}
        </span>
        <span className="user-name">{user.full_name}</span>
      </Button>
      <Popover placement="bottom end" className="menu-popover">
        <Menu
          autoFocus="first"
          className="menu"
          onAction={(key) => {
            if (key === 'sign-out') onSignOut();
            else if (key === 'switch-back') auth.send({ type: 'auth.switchUser.cleared' });
            else if (typeof key === 'string' && key.startsWith('page:')) navigate(key.slice('page:'.length));
            else if (typeof key === 'string' && key.startsWith('locale-'))
              locale.send({ type: 'locale.selected', code: key.slice('locale-'.length) as PortalLocale });
          }}
        >
          <MenuSection>
            <Header className="menu-header">
              {intl.formatMessage({ id: 'menu.signedInAs' }, { email: user.email })}
            </Header>
          </MenuSection>
          {pages.length > 0 ? (
            <>
              <Separator className="menu-separator" />
              <MenuSection>
                <Header className="menu-header">{intl.formatMessage({ id: 'menu.account' })}</Header>
                {pages.map((p) => (
                  <MenuItem key={p.path} id={`page:${p.path}`} className="menu-item">
                    {intl.formatMessage({ id: p.label })}
                  </MenuItem>
                ))}
              </MenuSection>
            </>
          ) : null}
          <Separator className="menu-separator" />
          <MenuSection selectionMode="single" selectedKeys={code ? [`locale-${code}`] : []}>
            <Header className="menu-header">{intl.formatMessage({ id: 'menu.language' })}</Header>
            {PORTAL_LOCALES.map((c) => (
              <MenuItem key={c} id={`locale-${c}`} className="menu-item" lang={c}>
                {intl.formatMessage({ id: `language.${c}` })}
              </MenuItem>
            ))}
          </MenuSection>
          <Separator className="menu-separator" />
          {impersonating ? (
            <MenuItem id="switch-back" className="menu-item">
              {intl.formatMessage({ id: 'impersonation.back' })}
            </MenuItem>
          ) : canSwitch ? (
            <MenuItem id="page:/switch-user" className="menu-item">
              {intl.formatMessage({ id: 'switchUser.title' })}
            </MenuItem>
          ) : null}
          <MenuItem id="sign-out" className="menu-item">
            {intl.formatMessage({ id: 'menu.signOut' })}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
