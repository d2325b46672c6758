import type { BotSteamConfirmation } from '@toydesk/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

import { describeConfirmation } from '../utils/describe-confirmation';

/** One line naming what a confirmation does, in the UI's language (item names stay as Steam names them). */
export function useSubjectLine() {
  const { t } = useTranslation();
  return (confirmation: BotSteamConfirmation): string => {
    const subject = describeConfirmation(confirmation);
    if (subject.kind === 'trade')
      return subject.partner
        ? t('steamGuard.subject.tradeWith', { partner: subject.partner })
        : t('steamGuard.subject.tradeUnknown');
    if (subject.kind === 'listing') return t('steamGuard.subject.sell', { item: subject.item });
    return subject.title;
  };
}

/** The "what" cell: the partner or item, and for a trade the items given and received. */
export function SubjectText({ confirmation }: { confirmation: BotSteamConfirmation }) {
  const { t } = useTranslation();
  const line = useSubjectLine();
  const subject = describeConfirmation(confirmation);
  const items = (names: string[]) => (names.length ? names.join(', ') : t('steamGuard.subject.nothing'));
  return (
    <>
      <Typography variant="body2">{line(confirmation)}</Typography>
      {subject.kind === 'trade' && confirmation.trade && (
        <Typography variant="caption" color="text.secondary" component="div">
          {t('steamGuard.subject.give', { items: items(subject.give) })}
          {' · '}
          {t('steamGuard.subject.receive', { items: items(subject.receive) })}
        </Typography>
      )}
    </>
  );
}
