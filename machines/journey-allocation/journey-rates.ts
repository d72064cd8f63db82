/**
 * The journey rate table: the one configuration of journey pay and charges (spec §9 "Pay" and "Deallocation
 * charges"). Amounts in minor units (pence). The portal's pay breakdown shows these rates and which of them apply to a
 * journey (journey-pay.ts works the lines out); the reference server charges a hand-back by the same table
 * (server/journeys/journey-rules.ts). What a journey is offered is the server's `tp_quote`: the breakdown explains it,
 * never replaces it.
 */
export const JOURNEY_RATES = {
  /** Spec §9: the standard journey rate, per hour, by the number of people on the journey. */
  hourly: { 1: 1500, 2: 2500 },
  /**
   * Spec §9 gives mileage two ways: "25p per mile up to 100 miles, then 30p", and in another note "30p per mile flat".
   * The reading used here is the first, as marginal bands: the first 100 miles of a journey at 25p each and every mile
   * beyond at 30p (a 150-mile journey: 100 × 25p + 50 × 30p = £40). The reference server prices its demo journeys the
   * same way (server/seed/marketplace.ts). `upToMiles: null` is the open-ended last band.
   */
  mileage: [
    { upToMiles: 100, pencePerMile: 25 },
    { upToMiles: null, pencePerMile: 30 },
  ],
  /**
   * Spec §9: "loads over 10 m3 are compensated", without an amount. The table's rate: £5 for each cubic metre above
   * 10 m³, pro rata (a 14 m³ load: 4 × £5 = £20; 12.7 m³: 2.7 × £5 = £13.50); a load of 10 m³ or less earns none.
   * The breakdown states this rate and the part of the load it applies to.
   */
  largeLoad: { overM3: 10, pencePerM3: 500 },
  /**
   * Spec §9 deallocation charges, in the reading the server applies (server/journeys/journey-rules.ts): the bands
   * overlap in the source, so each phrase is read as where its band ends and the charge grows as the pickup nears.
   * Time left until the first pickup: 48 h or more → £3; 24 h or more but under 48 h → 25% of the job value; under
   * 24 h → 50%. A boundary belongs to the cheaper band.
   */
  deallocation: {
    flatFromHours: 48,
    flatPence: 300,
    quarterFromHours: 24,
    quarterShare: 0.25,
    withinShare: 0.5,
  },
  /** Journey tracking opens this long before the first collection (spec §9). */
  trackingOpensHoursBefore: 24,
} as const;
