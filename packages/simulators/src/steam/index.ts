/**
 * `@toydesk/simulators/steam`: the Steam simulator and its control client alone, without the marketplace
 * simulators and their catalogue (the demo launcher starts it and hands the bot services its address).
 */
export {
  createSteamSimulator,
  registerSteamSimulator,
  SteamSimulator,
  type SteamSimulatorOptions,
  type SteamSimulatorServer,
  type RegisterSteamSimulatorOptions,
} from './steam-simulator.ts';
export { DEFAULT_STEAM_SIM_CONFIG, type SteamSimConfig, type SteamSimConfigPatch } from './sim-config.ts';
export type { FaultKind as SteamFaultKind, FaultSpec as SteamFaultSpec } from './steam-faults.ts';
export type { SteamSimStatsSnapshot } from './sim-stats.ts';
export {
  SteamSimControlClient,
  type SimCreatedAccount,
  type SimControlItem,
} from './control/control-client.ts';
export { SteamTokenStore } from './state/tokens.ts';
