/** Texts of the bot calls of spec section 7 reached from the console (profile, groups, market database, ...); ru.ts and en.ts take them as `botCalls`. */
export const ruBotCalls = {};

export const enBotCalls: typeof ruBotCalls = {};
