import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

const IP_PATTERN =
  /^(((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\/(3[0-2]|[12]?\d))?|[0-9a-fA-F:]*:[0-9a-fA-F:.]*(\/(12[0-8]|1[01]\d|[1-9]?\d))?)$/;

export const availableIpEntity = defineEntity('available_ip', 'Available IP', {
  id: field.id(),
  address: field.text({
    max: 64,
    min: 1,
    pattern: IP_PATTERN,
    patternMessage:
      'Введите IPv4 или IPv6 адрес, можно с маской (Enter an IPv4 or IPv6 address, optionally /mask)',
  }),
  comment: field.text({ max: 1000, nullable: true }),
  server_group: field.fk('server_group', { nullable: true }),
  created_at: field.createdAt(),
});

export type AvailableIp = EntityRecord<typeof availableIpEntity.fields>;
export type AvailableIpCreate = EntityCreate<typeof availableIpEntity.fields>;
export type AvailableIpPatch = EntityPatch<typeof availableIpEntity.fields>;
