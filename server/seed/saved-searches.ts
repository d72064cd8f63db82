import type { SavedSearch } from '@/schemas/saved-search';
import type { SqlParam } from '@/server/db/db';
import type { Town } from '@/server/geo/towns';

/** The saved searches of the demo partner (partner@example.com): two named ones around home, no default. */
export const seedSavedSearches = (userId: number, home: Town, now: Date): Record<string, SqlParam>[] => {
  const location = { name: home.name, lat: home.lat, lon: home.lng };
  const searches: { name: string; criteria: (typeof SavedSearch.Encoded)['criteria']; ageDays: number }[] = [
    {
      name: `Furniture around ${home.name}`,
      ageDays: 12,
      criteria: {
        type: 'instant',
        pickup: { location, radius: { value: 20, unit: 'mi' } },
        categories: ['general_goods_move', 'ebay', 'antiques'],
        filters: { people: ['one_person', 'two_people'] },
        page: 1,
        limit: 20,
        order: 'date_asc',
      },
    },
    {
      name: 'House moves, best paid',
      ageDays: 3,
      criteria: {
        type: 'auction',
        pickup: { location, radius: { value: 50, unit: 'mi' } },
        categories: ['house_move', 'office_move'],
        page: 1,
        limit: 20,
        order: 'payout_desc',
      },
    },
  ];
  return searches.map((s) => ({
    user_id: userId,
    name: s.name,
    criteria: JSON.stringify(s.criteria),
    is_default: false,
    created_at: new Date(now.getTime() - s.ageDays * 24 * 3_600_000),
  }));
};
