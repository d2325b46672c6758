import { STATUS_CODES } from 'node:http';

import type { Fault } from './fault-store.ts';

/** The answers of the failing kinds (slow and drop are handled by the pipeline). */

/** The page nginx serves when its upstream fails, as clients meet it instead of JSON. */
export function nginxErrorPage(status: number): string {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  return (
    `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n` +
    `<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`
  );
}

export interface FaultAnswer {
  status: number;
  contentType: string;
  body: string;
}

export function faultAnswer(fault: Fault): FaultAnswer | null {
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
