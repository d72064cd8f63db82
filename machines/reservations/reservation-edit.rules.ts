import { capacityCode, readCubicMetres } from '@/machines/reservation-wizard/reservation-rules';
import type { RuleCode } from '@/machines/reservation-wizard/reservation-wizard.types';
import type { Reservation } from '@/schemas/reservation';
import { changeOf } from './reservation-facts';

/** The rules an edit can break (spec §5): the capacity (more than 0, at most 40 m³), no flexible people with a private job. */
export function editIssues(r: Reservation, people: Reservation['people'], capacity: string) {
  const issues: { field: 'people' | 'capacity'; code: RuleCode }[] = [];
  const capacityRule = capacityCode(readCubicMetres(capacity));
  if (capacityRule) issues.push({ field: 'capacity', code: capacityRule });
  if (people === 'flexible' && r.externalJobs.length > 0)
    issues.push({ field: 'people', code: 'flexibleNoPrivateJob' });
  return issues;
}

/** The change to send: the reservation with the people and capacity of the form. */
export const editChange = (r: Reservation, people: Reservation['people'], capacity: string) =>
  changeOf(r, people, readCubicMetres(capacity));
