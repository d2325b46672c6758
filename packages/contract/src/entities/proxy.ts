import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const PROXY_PROTOCOLS = ['http', 'https', 'socks5'] as const;
export const PROXY_STATUSES = ['unknown', 'up', 'down'] as const;

export const proxyEntity = defineEntity('proxy', 'Proxy', {
  id: field.id(),
  protocol: field.enum(PROXY_PROTOCOLS, { default: 'http' }),
  host: field.text({ max: 255, min: 1 }),
  port: field.int({ min: 1, max: 65535 }),
  username: field.text({ max: 255, nullable: true }),
  password: field.secret(),
  comment: field.text({ max: 1000, nullable: true }),
  status: field.enum(PROXY_STATUSES, { default: 'unknown' }),
  latency_ms: field.int({ min: 0, nullable: true }),
  last_checked_at: field.datetime({ nullable: true }),
  created_at: field.createdAt(),
});

export type Proxy = EntityRecord<typeof proxyEntity.fields>;
export type ProxyCreate = EntityCreate<typeof proxyEntity.fields>;
export type ProxyPatch = EntityPatch<typeof proxyEntity.fields>;
