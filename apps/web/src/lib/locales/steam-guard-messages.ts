/** Texts of Steam Guard: 2FA codes and mobile confirmations (features/steam-guard); ru.ts and en.ts take them as `steamGuard`. */
export const ruSteamGuard = {};

export const enSteamGuard: typeof ruSteamGuard = {};
