/**
 * The parts of DoctorMcKay's CommonJS libraries this package calls, typed as the libraries behave
 * (steam-totp 2.1, steamcommunity 3.50, steam-tradeoffer-manager 2.13). steam-session ships its own types.
 */

declare module 'steam-totp' {
  interface SteamTotpModule {
    time(offsetSeconds?: number): number;
    generateAuthCode(secret: string | Buffer, offsetSeconds?: number): string;
    generateConfirmationKey(identitySecret: string | Buffer, time: number, tag: string): string;
    getDeviceID(steamId: string | { toString(): string }): string;
    getTimeOffset(callback: (error: Error | null, offsetSeconds: number, latencyMs: number) => void): void;
  }
  const SteamTotp: SteamTotpModule;
  export default SteamTotp;
}

declare module 'steamcommunity' {
  const SteamCommunity: unknown;
  export default SteamCommunity;
}

declare module 'steam-tradeoffer-manager' {
  const TradeOfferManager: unknown;
  export default TradeOfferManager;
}
