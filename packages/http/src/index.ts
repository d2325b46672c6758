export * from './http-request.ts';
export * from './http-client.ts';
export { BodyTooLargeError, decodeBody, DEFAULT_MAX_BODY_BYTES } from './decode-body.ts';
export * from './http-errors.ts';
export * from './retry-policy.ts';
export * from './timeouts.ts';
export * from './redact-url.ts';
export * from './build-url.ts';
export * from './rate-limiter.ts';
export * from './keyed-queue.ts';
export * from './memory-rate-limiter.ts';
export * from './postgres-rate-limiter.ts';
export {
  createHttpResponse,
  PARSE_ERROR_BODY_LIMIT,
  SLICED_JSON_MIN_CHARS,
  type ResponseParts,
} from './http-response.ts';
export { parseJsonInSlices, type SliceOptions } from './parse-json-in-slices.ts';
export { mapInSlices } from './map-in-slices.ts';
export { createProxyDispatcher, proxyKey } from './proxy-dispatcher.ts';
export { sleep } from './sleep.ts';
