import { STATUS_CODES } from 'node:http';

import type { Fault } from '../../faults/fault-store.ts';
import { nginxErrorPage } from '../../faults/nginx-error-page.ts';
import type { FaultSpec } from './tm-faults.ts';

/** The answers of the failing kinds (slow and drop are handled by the pipeline). */

export interface FaultAnswer {
  status: number;
  contentType: string;
  body: string;
}

export function faultAnswer(fault: Fault<FaultSpec>): FaultAnswer | null {
  switch (fault.kind) {
    case 'html': {
      const status = fault.status ?? 502;
      return { status, contentType: 'text/html', body: nginxErrorPage(status) };
    }
    case 'status': {
      const status = fault.status ?? 503;
      const error = fault.error ?? (status === 429 ? 'too many requests' : (STATUS_CODES[status] ?? 'error'));
      return {
        status,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ success: false, error }),
      };
    }
    case 'error':
      return {
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ success: false, error: fault.error ?? 'internal_error' }),
      };
    default:
      return null;
  }
}
