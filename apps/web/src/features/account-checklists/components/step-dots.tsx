import { Box, Stack, Tooltip } from '@mui/material';
import { SIGNUP_STEPS, type ChecklistStepState } from '@toydesk/contract';
import { useTranslation } from 'react-i18next';

import type { ChecklistRow } from '../utils/signup-steps';

export const STEP_COLORS: Record<ChecklistStepState, string> = {
  pending: 'grey.300',
  running: 'info.main',
  done: 'success.main',
  failed: 'error.main',
};

/** The ten steps of one account as dots in spec order, each named with its state in a tooltip. */
export function StepDots({ steps }: { steps: ChecklistRow['steps'] }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      {SIGNUP_STEPS.map((step) => {
        const state = steps[step]?.state ?? 'pending';
        const label = `${t(`enums.signup_step.${step}`)}: ${t(`enums.status.${state}`)}`;
        return (
          <Tooltip key={step} title={label}>
            <Box
              component="span"
              role="img"
              aria-label={label}
              data-state={state}
              sx={{
                width: 12,
                height: 12,
                borderRadius: '50%',
                bgcolor: STEP_COLORS[state],
                flexShrink: 0,
                outline: state === 'running' ? '2px solid' : 'none',
                outlineColor: 'info.light',
              }}
            />
          </Tooltip>
        );
      })}
    </Stack>
  );
}
