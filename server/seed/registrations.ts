import type { Random } from '@/server/seed/random';

/** Memory tags (first two letters) of current-style UK registrations, by DVLA region. */
const MEMORY_TAGS = [
  'AB',
  'AK',
  'BD',
  'BL',
  'CA',
  'CE',
  'DA',
  'DK',
  'EA',
  'EF',
  'FD',
  'FH',
  'GF',
  'GK',
  'HF',
  'KM',
  'KP',
  'LA',
  'LD',
  'LG',
  'MA',
  'MF',
  'NA',
  'ND',
  'OE',
  'OU',
  'PE',
  'PO',
  'RE',
  'RK',
  'SA',
  'SF',
  'VA',
  'VE',
  'WA',
  'WR',
  'YA',
  'YE',
  'YK',
];
/** Age identifiers from March 2016 to September 2025. */
const AGE_IDENTIFIERS = [
  '16',
  '66',
  '17',
  '67',
  '18',
  '68',
  '19',
  '69',
  '20',
  '70',
  '21',
  '71',
  '22',
  '72',
  '23',
  '73',
  '24',
  '74',
  '25',
  '75',
];
/** I, Q and Z are not used in the random letters. */
const LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXY';

/** A registration in the current UK format, e.g. `AB12 CDE`. */
export const seedRegistration = (random: Random): string =>
  `${random.pick(MEMORY_TAGS)}${random.pick(AGE_IDENTIFIERS)} ${random.letters(LETTERS, 3)}`;
