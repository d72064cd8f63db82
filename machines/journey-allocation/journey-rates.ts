/**
 * The journey rate table: the one place the portal's pay and charge figures come from (spec §9 "Pay" and
 * "Deallocation charges"). Amounts in minor units (pence). The server decides what a journey pays (its `tp_quote`) and
 * what handing it back costs; the portal uses this table to explain those figures, never to replace them.
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
   * Spec §9: "loads over 10 m3 are compensated", without an amount. The portal's placeholder until the business
   * gives one: £5 for each cubic metre above 10 (a 14 m³ load: 4 × £5 = £20). Change it here.
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
