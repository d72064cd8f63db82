import type { ReactNode } from 'react';
import { OfflineBanner } from '@/src/app/offline-banner';
import { FormattedMessage } from 'react-intl';
import { LanguageSwitcher } from '@/src/app/language-switcher';

/** The guests' layout (sign-in, errors): brand and language choice, no navigation. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout-default">
      <header className="top-bar">
        <span className="brand">
          <FormattedMessage id="app.name" />
        </span>
        <LanguageSwitcher />
      </header>
      <OfflineBanner />
      <main id="main" className="guest-main">
        {children}
      </main>
    </div>
  );
}
