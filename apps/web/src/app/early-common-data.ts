import type { ApiResult } from '@/lib/api-client';
import { fetchCommonData } from '@/lib/common-data';

let pending: Promise<ApiResult<'frontend.common'>> | null = null;

/**
 * Sends `GET /api/frontend/common` before React mounts (main.tsx): the request runs while React renders
 * the providers and the route's page module loads, instead of after the first render (bench:web).
 */
export function startCommonData(): void {
  pending ??= fetchCommonData();
}

/** The early request's answer, once; later calls (retries, refetches) send a new request. */
export function takeCommonData(): Promise<ApiResult<'frontend.common'>> {
  const answer = pending ?? fetchCommonData();
  pending = null;
  return answer;
}
