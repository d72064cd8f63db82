import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { currentLocale } from '@/machines/locale/locale.selectors';
import { PORTAL_LOCALES } from '@/src/format/locale-codes';
import { useLocaleActor } from './root-actors';

/** Language choice for guests (sign-in page); signed-in users find it in the user menu. */
export function LanguageSwitcher() {
  const locale = useLocaleActor();
  const code = useSelector(locale, currentLocale);
  const intl = useIntl();
  return (
    <div className="language-switcher" role="group" aria-label={intl.formatMessage({ id: 'menu.language' })}>
      {PORTAL_LOCALES.map((c) => (
        <button
          key={c}
          type="button"
          lang={c}
          className="link-button"
          aria-pressed={c === code}
          onClick={() => locale.send({ type: 'locale.selected', code: c })}
        >
          {intl.formatMessage({ id: `language.${c}` })}
        </button>
      ))}
    </div>
  );
}
