import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Access and refresh tokens shaped like Steam's JWTs (so steamcommunity's setMobileAppAccessToken and the
 * gateways read `sub`, `aud` and `exp` the same way), signed with the simulator's own key so a forged or
 * altered token is refused. Refresh tokens: iss "steam", aud [web, renew, derive, mobile]; access tokens:
 * iss "r:<refresh jti>", aud [web, mobile].
 */

export interface TokenRecord {
  jti: string;
  kind: 'access' | 'refresh';
  steamId: string;
  exp: number;
  revoked: boolean;
  /** Access tokens: the refresh token they came from. */
  parent: string | null;
}

export interface TokenPayload {
  iss: string;
  sub: string;
  aud: string[];
  exp: number;
  nbf: number;
  iat: number;
  jti: string;
  oat: number;
  per: number;
  ip_subject: string;
  ip_confirmer: string;
}

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export class SteamTokenStore {
  private readonly key = randomBytes(32);
  private readonly records = new Map<string, TokenRecord>();

  mint(
    kind: 'access' | 'refresh',
    steamId: string,
    nowMs: number,
    ttlMs: number,
    parent: string | null = null,
  ): string {
    const jti = `${randomBytes(4).toString('hex').toUpperCase()}_${randomBytes(4).toString('hex').toUpperCase()}`;
    const iat = Math.floor(nowMs / 1000);
    const exp = Math.floor((nowMs + ttlMs) / 1000);
    const payload: TokenPayload = {
      iss: kind === 'refresh' ? 'steam' : `r:${parent ?? ''}`,
      sub: steamId,
      aud: kind === 'refresh' ? ['web', 'renew', 'derive', 'mobile'] : ['web', 'mobile'],
      exp,
      nbf: iat - 1,
      iat,
      jti,
      oat: iat,
      per: kind === 'refresh' ? 1 : 0,
      ip_subject: '127.0.0.1',
      ip_confirmer: '127.0.0.1',
    };
    const head = b64(JSON.stringify({ typ: 'JWT', alg: 'EdDSA' }));
    const body = b64(JSON.stringify(payload));
    const signature = createHmac('sha256', this.key).update(`${head}.${body}`).digest('base64url');
    this.records.set(jti, { jti, kind, steamId, exp: exp * 1000, revoked: false, parent });
    return `${head}.${body}.${signature}`;
  }

  /** The token's record when the signature holds, whatever its expiry (callers check that). */
  read(token: string): TokenRecord | null {
    const [head, body, signature] = token.split('.');
    if (!head || !body || !signature) return null;
    const wanted = createHmac('sha256', this.key).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      return this.records.get(payload.jti) ?? null;
    } catch {
      return null;
    }
  }

  /** Valid now: signed, known, not revoked, not expired, and (access tokens) its refresh token still valid. */
  check(token: string, kind: 'access' | 'refresh', nowMs: number): TokenRecord | null {
    const record = this.read(token);
    if (!record || record.kind !== kind || record.revoked || record.exp <= nowMs) return null;
    if (record.parent !== null) {
      const parent = this.records.get(record.parent);
      if (!parent || parent.revoked) return null;
    }
    return record;
  }

  revokeAll(steamId: string, kinds: ('access' | 'refresh')[]): number {
    let count = 0;
    for (const record of this.records.values()) {
      if (record.steamId === steamId && kinds.includes(record.kind) && !record.revoked) {
        record.revoked = true;
        count++;
      }
    }
    return count;
  }

  revoke(jti: string): void {
    const record = this.records.get(jti);
    if (record) record.revoked = true;
  }

  clear(): void {
    this.records.clear();
  }
}
