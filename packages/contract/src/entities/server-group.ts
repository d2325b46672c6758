import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const serverGroupEntity = defineEntity('server_group', 'Server group', {
  id: field.id(),
  name: field.text({ max: 100, min: 1 }),
  hosts: field.textArray({ description: 'Host names or addresses of the servers in the group' }),
  description: field.text({ max: 1000, nullable: true }),
  created_at: field.createdAt(),
});

export type ServerGroup = EntityRecord<typeof serverGroupEntity.fields>;
export type ServerGroupCreate = EntityCreate<typeof serverGroupEntity.fields>;
export type ServerGroupPatch = EntityPatch<typeof serverGroupEntity.fields>;
