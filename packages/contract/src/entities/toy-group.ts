import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const toyGroupEntity = defineEntity('toy_group', 'Toy group', {
  id: field.id(),
  name: field.text({ max: 255, min: 1 }),
  description: field.text({ max: 1000, nullable: true }),
  created_at: field.createdAt(),
});

export type ToyGroup = EntityRecord<typeof toyGroupEntity.fields>;
export type ToyGroupCreate = EntityCreate<typeof toyGroupEntity.fields>;
export type ToyGroupPatch = EntityPatch<typeof toyGroupEntity.fields>;
