import { mdiEmailArrowRight, mdiPlay, mdiPlayCircle } from '@mdi/js';
import { Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { SIGNUP_STEPS, type SignupStep } from '@toydesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { WideDialog } from '@/components/wide-dialog';
import { JobProgress } from '@/components/job-progress';
import { MdiIcon } from '@/components/mdi-icon';
import { useBotAction, useBotJob } from '@/lib/bot-jobs';
import { useUiLang } from '@/lib/use-ui-lang';
import { formatDateTime } from '@/lib/format';

import { checklistsQueryKey } from '../api/get-checklists';
import { CHAIN_ROUTE, STEP_ACTIONS, stepReady, type ChecklistRow } from '../utils/signup-steps';
import { STEP_COLORS } from './step-dots';

export interface ChecklistDialogProps {
  row: ChecklistRow;
  onClose: () => void;
}

/**
 * One account's sign-up checklist step by step (spec section 4 order): each step's state, time and error,
 * a button to run it (with its input: phone number, SMS code), the whole chain, and the live job.
 */
export function ChecklistDialog({ row, onClose }: ChecklistDialogProps) {
  const { t, lang } = useUiLang();
  const queryClient = useQueryClient();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [inputErrors, setInputErrors] = useState<Record<string, string>>({});
  const [running, setRunning] = useState<SignupStep | 'chain' | 'email' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: checklistsQueryKey });
  const action = useBotAction({ onFinish: refresh });
  // A job started elsewhere (another operator, the chain) is followed too until ours replaces it.
  const other = useBotJob(action.job ? null : row.runningJob, { onFinish: refresh });
  const job = action.job ?? other.job;
  const busy = action.starting || action.active;

  const runStep = async (step: SignupStep) => {
    const def = STEP_ACTIONS[step];
    let body: Record<string, string> | undefined;
    if (def.input) {
      const value = (inputs[step] ?? '').trim();
      if (def.input.required && !value) {
        setInputErrors((current) => ({ ...current, [step]: t('ops.required') }));
        return;
      }
      body = { [def.input.name]: value };
    }
    setInputErrors((current) => ({ ...current, [step]: '' }));
    setRunning(step);
    const started = await action.run(def.route, {
      params: { id: row.id },
      ...(body ? { body } : {}),
    } as never);
    // The step is running now: the checklist says so.
    if (started) refresh();
  };

  const runChain = async () => {
    setRunning('chain');
    const started = await action.run(CHAIN_ROUTE, { params: { id: row.id } } as never);
    if (started) refresh();
  };

  // The confirmation link of the last email (spec section 7): the service takes it once the phone is added.
  const followEmail = async () => {
    setRunning('email');
    const started = await action.run('bot-signup.follow_to_last_email', { body: { id: row.id } });
    if (started) refresh();
  };

  return (
    <WideDialog
      onClose={onClose}
      title={t('ops.checklist.title', { name: row.name })}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="body2">
          {t('checklists.progress')}: {row.done} / {row.total}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<MdiIcon path={mdiEmailArrowRight} />}
          disabled={busy || row.steps.add_phone?.state !== 'done'}
          onClick={() => void followEmail()}
          data-testid="follow-email"
          sx={{ ml: 'auto' }}
        >
          {t('botCalls.actions.followLastEmail')}
        </Button>
        <Button
          variant="contained"
          startIcon={<MdiIcon path={mdiPlayCircle} />}
          disabled={busy || row.next === null}
          onClick={() => void runChain()}
          data-testid="run-chain"
        >
          {t('ops.checklist.runChain')}
        </Button>
      </Stack>
      {(job || action.startError) && (
        <Box sx={{ mb: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <JobProgress
            job={job}
            starting={action.starting}
            startError={action.startError}
            title={
              running === 'chain'
                ? t('ops.checklist.runChain')
                : running === 'email'
                  ? t('botCalls.actions.followLastEmail')
                  : running
                    ? t(`enums.signup_step.${running}`)
                    : undefined
            }
          />
        </Box>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="checklist-steps">
        {SIGNUP_STEPS.map((step, index) => {
          const entry = row.steps[step];
          const state = entry?.state ?? 'pending';
          const def = STEP_ACTIONS[step];
          const ready = stepReady(step, row.steps);
          return (
            <Box
              component="li"
              key={step}
              data-step={step}
              data-state={state}
              sx={{
                display: 'grid',
                gridTemplateColumns: '28px minmax(180px, 1fr) 110px 140px minmax(160px, 1fr) 110px',
                alignItems: 'center',
                gap: 1,
                py: 0.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Typography variant="caption" color="text.secondary">
                {index + 1}
              </Typography>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t(`enums.signup_step.${step}`)}
                </Typography>
                {entry?.error && (
                  <Typography
                    variant="caption"
                    color="error"
                    component="div"
                    sx={{ wordBreak: 'break-word' }}
                  >
                    {entry.error}
                  </Typography>
                )}
              </Box>
              <Chip
                size="small"
                variant="outlined"
                label={t(`enums.status.${state}`)}
                sx={{ height: 20, fontSize: 11, borderColor: STEP_COLORS[state], color: STEP_COLORS[state] }}
              />
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(entry?.at ?? null, lang)}
              </Typography>
              <Box>
                {def.input && state !== 'done' && (
                  <TextField
                    margin="none"
                    size="small"
                    fullWidth
                    label={t(`ops.checklist.input.${def.input.labelKey}`)}
                    placeholder={def.input.placeholder}
                    value={inputs[step] ?? ''}
                    onChange={(event) => setInputs((current) => ({ ...current, [step]: event.target.value }))}
                    error={Boolean(inputErrors[step])}
                    helperText={inputErrors[step] || undefined}
                  />
                )}
              </Box>
              <Button
                size="small"
                variant={ready && state !== 'done' ? 'contained' : 'text'}
                startIcon={<MdiIcon path={mdiPlay} />}
                disabled={busy || !ready}
                onClick={() => void runStep(step)}
                aria-label={t('ops.checklist.runStep', { step: t(`enums.signup_step.${step}`) })}
              >
                {state === 'done' ? t('ops.checklist.again') : t('ops.run')}
              </Button>
            </Box>
          );
        })}
      </Box>
    </WideDialog>
  );
}
