import type { TFunction } from 'i18next';

/**
 * A delivery's error in the UI's language. The deliver loop stores two fixed English sentences
 * ("the market failed the deal", "Steam offer <ETradeOfferState>"); those are said in words, any other
 * error (an exception's message) is shown as stored.
 */
export function deliveryErrorText(error: string, t: TFunction): string {
  if (error === 'the market failed the deal') return t('ops.deliveries.errors.marketFailed');
  const offer = /^Steam offer ([A-Za-z]+)$/.exec(error);
  if (offer) {
    const state = offer[1] ?? '';
    return t('ops.deliveries.errors.offerEnded', {
      state: t(`ops.deliveries.steamStates.${state}`, { defaultValue: state }),
    });
  }
  return error;
}
