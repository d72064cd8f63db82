import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { currentLocale } from '@/machines/locale/locale.selectors';
import { formatDate, formatTime, type DateInput } from '@/src/format/date';
import { formatDistance } from '@/src/format/distance';
import { DEFAULT_LOCALE } from '@/src/format/locale-codes';
import { formatMoney } from '@/src/format/money';
import { useLocaleActor } from './root-actors';

/** The shared formatters bound to the current locale: every amount, date and distance on screen goes through these. */
export function useFormatters() {
  const locale = useSelector(useLocaleActor(), currentLocale) ?? DEFAULT_LOCALE;
  return useMemo(
    () => ({
      locale,
      money: (minorUnits: number | null | undefined) => formatMoney(minorUnits, locale),
      date: (value: DateInput) => formatDate(value, locale),
      time: (value: DateInput) => formatTime(value, locale),
      distance: (metres: number | null | undefined) => formatDistance(metres, locale),
    }),
    [locale],
  );
}
