/** Texts of manual listing of sale candidates and inventory items on a marketplace; ru.ts and en.ts take them as `listing`. */
export const ruListing = {};

export const enListing: typeof ruListing = {};
