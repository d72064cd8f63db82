import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import type { User } from '@/schemas/user';

const loadPopup = () => import('./user-menu-popup');
const UserMenuPopup = lazy(loadPopup);

export const initialsOf = (fullName: string): string =>
  fullName
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * The user menu's button. React Aria's menu (about 45 KB) is only needed once the partner opens the
 * menu, so it is fetched when the pointer or focus reaches the button and rendered, open, on the first
 * click; the first load of every page stays within its budget.
 */
export function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const intl = useIntl();
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className="user-menu-button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={intl.formatMessage({ id: 'menu.open' }, { name: user.full_name })}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setWanted(true)}
    >
      <span className="avatar" aria-hidden="true">
        {initialsOf(user.full_name)}
      </span>
      <span className="user-name">{user.full_name}</span>
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <UserMenuPopup user={user} onSignOut={onSignOut} />
    </Suspense>
  );
}
