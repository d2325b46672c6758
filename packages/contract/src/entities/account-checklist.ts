import { z } from 'zod';

import { CHECKLIST_STEP_STATES, SIGNUP_STEPS } from '../enums.ts';
import { defineEntity, type EntityCreate, type EntityPatch, type EntityRecord } from '../entity.ts';
import { field } from '../fields.ts';

export const checklistStepSchema = z.object({
  state: z.enum(CHECKLIST_STEP_STATES),
  at: z.iso.datetime({ offset: true }).nullable().optional(),
  error: z.string().max(2000).nullable().optional(),
  job_id: z.string().max(64).nullable().optional(),
});
export type ChecklistStep = z.infer<typeof checklistStepSchema>;

export const checklistStepsSchema = z.partialRecord(z.enum(SIGNUP_STEPS), checklistStepSchema);

export const accountChecklistEntity = defineEntity('account_checklist', 'Account checklist', {
  id: field.id(),
  steam_account: field.fk('steam_account'),
  steps: field.json(checklistStepsSchema, { hasDefault: true }),
  done_count: field.computed(z.number().int()),
  total_count: field.computed(z.number().int()),
  next_step: field.computed(z.enum(SIGNUP_STEPS).nullable(), {
    description: 'First step in order not done yet',
  }),
  ...field.timestamps(),
});

export type AccountChecklist = EntityRecord<typeof accountChecklistEntity.fields>;
export type AccountChecklistCreate = EntityCreate<typeof accountChecklistEntity.fields>;
export type AccountChecklistPatch = EntityPatch<typeof accountChecklistEntity.fields>;
