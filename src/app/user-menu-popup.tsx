import { useSelector } from '@xstate/react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator } from 'react-aria-components';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { User } from '@/schemas/user';
import { currentLocale } from '@/machines/locale/locale.selectors';
import { PORTAL_LOCALES, type PortalLocale } from '@/src/format/locale-codes';
import { useLocaleActor } from './root-actors';
import { initialsOf } from './user-menu';

/**
 * The user menu (spec §2): who is signed in, the language, sign out. A React Aria menu, so keyboard and
 * screen readers work. Loaded on first use (see user-menu.tsx); it opens at once when it arrives.
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
            else if (typeof key === 'string' && key.startsWith('locale-'))
              locale.send({ type: 'locale.selected', code: key.slice('locale-'.length) as PortalLocale });
          }}
        >
          <MenuSection>
            <Header className="menu-header">
              {intl.formatMessage({ id: 'menu.signedInAs' }, { email: user.email })}
            </Header>
          </MenuSection>
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
          <MenuItem id="sign-out" className="menu-item">
            {intl.formatMessage({ id: 'menu.signOut' })}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
