/** Texts of the markets reference screen (names, activity, exchange rates); ru.ts and en.ts take them as `marketsRef`. */
export const ruMarketsRef = {};

export const enMarketsRef: typeof ruMarketsRef = {};
