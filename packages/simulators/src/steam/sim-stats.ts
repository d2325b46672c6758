/** Counters the control API reports (`GET _control/stats`). */
export interface SteamSimStatsSnapshot {
  totalRequests: number;
  byRoute: Record<string, number>;
  byAccount: Record<string, number>;
  faultsInjected: number;
  logins: { attempts: number; succeeded: number; rateLimited: number; badPassword: number; badCode: number };
  confirmations: { listed: number; accepted: number; canceled: number; blocked: number; badKey: number };
  rateLimited: { inventory: number; priceOverview: number };
  sessionExpiredAnswers: number;
  familyViewAnswers: number;
}

export class SteamSimStats {
  private data: SteamSimStatsSnapshot = SteamSimStats.empty();

  private static empty(): SteamSimStatsSnapshot {
    return {
      totalRequests: 0,
      byRoute: {},
      byAccount: {},
      faultsInjected: 0,
      logins: { attempts: 0, succeeded: 0, rateLimited: 0, badPassword: 0, badCode: 0 },
      confirmations: { listed: 0, accepted: 0, canceled: 0, blocked: 0, badKey: 0 },
      rateLimited: { inventory: 0, priceOverview: 0 },
      sessionExpiredAnswers: 0,
      familyViewAnswers: 0,
    };
  }

  get counters(): SteamSimStatsSnapshot {
    return this.data;
  }

  request(route: string): void {
    this.data.totalRequests++;
    this.data.byRoute[route] = (this.data.byRoute[route] ?? 0) + 1;
  }

  account(login: string): void {
    this.data.byAccount[login] = (this.data.byAccount[login] ?? 0) + 1;
  }

  snapshot(): SteamSimStatsSnapshot {
    return structuredClone(this.data);
  }

  reset(): void {
    this.data = SteamSimStats.empty();
  }
}
