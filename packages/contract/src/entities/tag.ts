import { SCOPES, TAG_TARGETS } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const tagEntity = defineEntity('tag', 'Tag', {
  id: field.id(),
  name: field.text({ max: 100, min: 1 }),
  color: field.text({
    max: 7,
    default: '#1976d2',
    pattern: /^#[0-9a-fA-F]{6}$/,
    patternMessage: 'Цвет в формате #RRGGBB (colour as #RRGGBB)',
  }),
  scope: field.enum(SCOPES, { default: 'shared' }),
  target: field.enum(TAG_TARGETS, {
    nullable: true,
    description: 'What the tag is for; null means anything',
  }),
  description: field.text({ max: 1000, nullable: true }),
  created_at: field.createdAt(),
});

export type Tag = EntityRecord<typeof tagEntity.fields>;
export type TagCreate = EntityCreate<typeof tagEntity.fields>;
export type TagPatch = EntityPatch<typeof tagEntity.fields>;
