/**
 * UK postcode areas (the leading letters of a postcode), their post towns and the NUTS1 region each area
 * mostly lies in. These are public facts (Royal Mail postcode areas; Eurostat NUTS1 codes). The non-geographic
 * areas BF and BX and the Crown Dependencies (GY, JE, IM) are left out.
 *
 * An area can straddle a regional border (SY, CH, TD, …); the region given is that of its post town.
 * London's eight inner areas share the post town London, so each carries the approximate centre of its
 * districts as `centre`; every other area is placed at its post town as found in the towns data (the most
 * populous place of that name in the area's country, so Newport NP is the Welsh city, not the Isle of Wight town).
 */

export type Nuts1Code = 'UKC' | 'UKD' | 'UKE' | 'UKF' | 'UKG' | 'UKH' | 'UKI' | 'UKJ' | 'UKK' | 'UKL' | 'UKM' | 'UKN';

export interface Nuts1Region {
  readonly code: Nuts1Code;
  readonly name: string;
  /** The short name of spec §3. */
  readonly short_name: string;
}

export const NUTS1_REGIONS: Readonly<Record<Nuts1Code, Nuts1Region>> = {
  UKC: { code: 'UKC', name: 'North East', short_name: 'N.East' },
  UKD: { code: 'UKD', name: 'North West', short_name: 'N.West' },
  UKE: { code: 'UKE', name: 'Yorkshire and The Humber', short_name: 'Yorkshire' },
  UKF: { code: 'UKF', name: 'East Midlands', short_name: 'E.Midlands' },
  UKG: { code: 'UKG', name: 'West Midlands', short_name: 'W.Midlands' },
  UKH: { code: 'UKH', name: 'East of England', short_name: 'E.England' },
  UKI: { code: 'UKI', name: 'London', short_name: 'London' },
  UKJ: { code: 'UKJ', name: 'South East', short_name: 'S.East' },
  UKK: { code: 'UKK', name: 'South West', short_name: 'S.West' },
  UKL: { code: 'UKL', name: 'Wales', short_name: 'Wales' },
  UKM: { code: 'UKM', name: 'Scotland', short_name: 'Scotland' },
  UKN: { code: 'UKN', name: 'Northern Ireland', short_name: 'N.Ireland' },
};

export interface PostcodeArea {
  readonly code: string;
  readonly postTown: string;
  readonly region: Nuts1Code;
  /** Only where the post town does not place the area (London's inner areas): [lat, lng]. */
  readonly centre?: readonly [number, number];
  /** The post town's name in the GeoNames data where it differs (Hull is 'Kingston upon Hull'). */
  readonly dataName?: string;
}

type Placement = { readonly centre: readonly [number, number] } | { readonly dataName: string };

const area = (code: string, postTown: string, region: Nuts1Code, placement?: Placement): PostcodeArea => ({
  code,
  postTown,
  region,
  ...placement,
});

export const POSTCODE_AREAS: readonly PostcodeArea[] = [
  area('AB', 'Aberdeen', 'UKM'),
  area('AL', 'St Albans', 'UKH'),
  area('B', 'Birmingham', 'UKG'),
  area('BA', 'Bath', 'UKK'),
  area('BB', 'Blackburn', 'UKD'),
  area('BD', 'Bradford', 'UKE'),
  area('BH', 'Bournemouth', 'UKK'),
  area('BL', 'Bolton', 'UKD'),
  area('BN', 'Brighton', 'UKJ'),
  area('BR', 'Bromley', 'UKI'),
  area('BS', 'Bristol', 'UKK'),
  area('BT', 'Belfast', 'UKN'),
  area('CA', 'Carlisle', 'UKD'),
  area('CB', 'Cambridge', 'UKH'),
  area('CF', 'Cardiff', 'UKL'),
  area('CH', 'Chester', 'UKD'),
  area('CM', 'Chelmsford', 'UKH'),
  area('CO', 'Colchester', 'UKH'),
  area('CR', 'Croydon', 'UKI'),
  area('CT', 'Canterbury', 'UKJ'),
  area('CV', 'Coventry', 'UKG'),
  area('CW', 'Crewe', 'UKD'),
  area('DA', 'Dartford', 'UKJ'),
  area('DD', 'Dundee', 'UKM'),
  area('DE', 'Derby', 'UKF'),
  area('DG', 'Dumfries', 'UKM'),
  area('DH', 'Durham', 'UKC'),
  area('DL', 'Darlington', 'UKC'),
  area('DN', 'Doncaster', 'UKE'),
  area('DT', 'Dorchester', 'UKK'),
  area('DY', 'Dudley', 'UKG'),
  area('E', 'London', 'UKI', { centre: [51.54, -0.04] }),
  area('EC', 'London', 'UKI', { centre: [51.517, -0.095] }),
  area('EH', 'Edinburgh', 'UKM'),
  area('EN', 'Enfield', 'UKI', { dataName: 'Enfield Town' }),
  area('EX', 'Exeter', 'UKK'),
  area('FK', 'Falkirk', 'UKM'),
  area('FY', 'Blackpool', 'UKD'),
  area('G', 'Glasgow', 'UKM'),
  area('GL', 'Gloucester', 'UKK'),
  area('GU', 'Guildford', 'UKJ'),
  area('HA', 'Harrow', 'UKI'),
  area('HD', 'Huddersfield', 'UKE'),
  area('HG', 'Harrogate', 'UKE'),
  area('HP', 'Hemel Hempstead', 'UKH'),
  area('HR', 'Hereford', 'UKG'),
  area('HS', 'Stornoway', 'UKM'),
  area('HU', 'Hull', 'UKE', { dataName: 'Kingston upon Hull' }),
  area('HX', 'Halifax', 'UKE'),
  area('IG', 'Ilford', 'UKI'),
  area('IP', 'Ipswich', 'UKH'),
  area('IV', 'Inverness', 'UKM'),
  area('KA', 'Kilmarnock', 'UKM'),
  area('KT', 'Kingston upon Thames', 'UKI'),
  area('KW', 'Kirkwall', 'UKM'),
  area('KY', 'Kirkcaldy', 'UKM'),
  area('L', 'Liverpool', 'UKD'),
  area('LA', 'Lancaster', 'UKD'),
  area('LD', 'Llandrindod Wells', 'UKL'),
  area('LE', 'Leicester', 'UKF'),
  area('LL', 'Llandudno', 'UKL'),
  area('LN', 'Lincoln', 'UKF'),
  area('LS', 'Leeds', 'UKE'),
  area('LU', 'Luton', 'UKH'),
  area('M', 'Manchester', 'UKD'),
  area('ME', 'Rochester', 'UKJ'),
  area('MK', 'Milton Keynes', 'UKJ'),
  area('ML', 'Motherwell', 'UKM'),
  area('N', 'London', 'UKI', { centre: [51.575, -0.11] }),
  area('NE', 'Newcastle upon Tyne', 'UKC'),
  area('NG', 'Nottingham', 'UKF'),
  area('NN', 'Northampton', 'UKF'),
  area('NP', 'Newport', 'UKL'),
  area('NR', 'Norwich', 'UKH'),
  area('NW', 'London', 'UKI', { centre: [51.555, -0.19] }),
  area('OL', 'Oldham', 'UKD'),
  area('OX', 'Oxford', 'UKJ'),
  area('PA', 'Paisley', 'UKM'),
  area('PE', 'Peterborough', 'UKH'),
  area('PH', 'Perth', 'UKM'),
  area('PL', 'Plymouth', 'UKK'),
  area('PO', 'Portsmouth', 'UKJ'),
  area('PR', 'Preston', 'UKD'),
  area('RG', 'Reading', 'UKJ'),
  area('RH', 'Redhill', 'UKJ'),
  area('RM', 'Romford', 'UKI'),
  area('S', 'Sheffield', 'UKE'),
  area('SA', 'Swansea', 'UKL'),
  area('SE', 'London', 'UKI', { centre: [51.46, -0.05] }),
  area('SG', 'Stevenage', 'UKH'),
  area('SK', 'Stockport', 'UKD'),
  area('SL', 'Slough', 'UKJ'),
  area('SM', 'Sutton', 'UKI'),
  area('SN', 'Swindon', 'UKK'),
  area('SO', 'Southampton', 'UKJ'),
  area('SP', 'Salisbury', 'UKK'),
  area('SR', 'Sunderland', 'UKC'),
  area('SS', 'Southend-on-Sea', 'UKH'),
  area('ST', 'Stoke-on-Trent', 'UKG'),
  area('SW', 'London', 'UKI', { centre: [51.46, -0.17] }),
  area('SY', 'Shrewsbury', 'UKG'),
  area('TA', 'Taunton', 'UKK'),
  area('TD', 'Galashiels', 'UKM'),
  area('TF', 'Telford', 'UKG'),
  area('TN', 'Tonbridge', 'UKJ'),
  area('TQ', 'Torquay', 'UKK'),
  area('TR', 'Truro', 'UKK'),
  area('TS', 'Middlesbrough', 'UKC'),
  area('TW', 'Twickenham', 'UKI'),
  area('UB', 'Southall', 'UKI'),
  area('W', 'London', 'UKI', { centre: [51.51, -0.25] }),
  area('WA', 'Warrington', 'UKD'),
  area('WC', 'London', 'UKI', { centre: [51.518, -0.12] }),
  area('WD', 'Watford', 'UKH'),
  area('WF', 'Wakefield', 'UKE'),
  area('WN', 'Wigan', 'UKD'),
  area('WR', 'Worcester', 'UKG'),
  area('WS', 'Walsall', 'UKG'),
  area('WV', 'Wolverhampton', 'UKG'),
  area('YO', 'York', 'UKE'),
  area('ZE', 'Lerwick', 'UKM'),
];
