/** Texts of mass pricing, money previews and going live; ru.ts and en.ts take them as `pricing`. */
export const ruPricing = {};

export const enPricing: typeof ruPricing = {};
