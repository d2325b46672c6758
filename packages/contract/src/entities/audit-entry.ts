import { z } from 'zod';

import { AUDIT_ACTIONS } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const auditEntryEntity = defineEntity('audit_entry', 'Audit entry', {
  id: field.id(),
  at: field.createdAt(),
  operator: field.readOnlyText({ nullable: true }),
  action: field.enum(AUDIT_ACTIONS),
  entity: field.text({ max: 64 }),
  entity_id: field.int({ nullable: true }),
  object_name: field.computed(z.string().nullable(), {
    description: "The object's human name (a market_hash_name, an account's name); null when none is known",
  }),
  before: field.json(z.record(z.string(), z.unknown()).nullable(), { readOnly: true }),
  after: field.json(z.record(z.string(), z.unknown()).nullable(), { readOnly: true }),
});

export type AuditEntry = EntityRecord<typeof auditEntryEntity.fields>;
export type AuditEntryCreate = EntityCreate<typeof auditEntryEntity.fields>;
export type AuditEntryPatch = EntityPatch<typeof auditEntryEntity.fields>;
