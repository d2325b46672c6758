/** Every page of the history list and the totals: what a change to history rows invalidates. */
export const HISTORY_LIST_KEY = ['api', 'history.extended'] as const;
export const HISTORY_TOTALS_KEY = ['history', 'totals'] as const;
