import type { BotConfirmationAnswer, BotSteamConfirmation } from '@toydesk/contract';
import { Alert, AlertTitle, Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { useSubjectLine } from './subject-text';

export interface AnswerResultsProps {
  answer: BotConfirmationAnswer;
  /** The confirmations as listed before the answer, to name each line. */
  known: ReadonlyMap<string, BotSteamConfirmation>;
  onClose: () => void;
}

/** What happened to each confirmation of one answer, as sentences. */
export function AnswerResults({ answer, known, onClose }: AnswerResultsProps) {
  const { t } = useTranslation();
  const subjectLine = useSubjectLine();
  const done = answer.results.filter((line) => line.status === 'done').length;
  const total = answer.results.length;
  const title =
    done === total
      ? t(answer.accept ? 'steamGuard.results.acceptedAll' : 'steamGuard.results.declinedAll', {
          count: done,
        })
      : t('steamGuard.results.partial', { done, total });
  return (
    <Alert
      severity={done === total ? 'success' : done === 0 ? 'error' : 'warning'}
      onClose={onClose}
      slotProps={{
        closeButton: { 'aria-label': t('steamGuard.results.close'), title: t('steamGuard.results.close') },
      }}
      sx={{ mb: 1 }}
      aria-label={t('steamGuard.results.title')}
      data-testid="answer-results"
    >
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {answer.results.map((line) => {
          const confirmation = known.get(line.id);
          const what = confirmation
            ? subjectLine(confirmation)
            : t(`steamGuard.kinds.${line.kind ?? 'other'}`);
          const outcome =
            line.status === 'done'
              ? t(answer.accept ? 'steamGuard.results.accepted' : 'steamGuard.results.declined')
              : line.status === 'not_found'
                ? t('steamGuard.results.notFound')
                : t('steamGuard.results.failed', { reason: line.error ?? '' });
          return (
            <li key={line.id} data-status={line.status}>
              {t('steamGuard.results.line', { id: line.id, what })}: {outcome}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}
