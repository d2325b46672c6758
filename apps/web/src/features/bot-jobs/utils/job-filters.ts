import { BOT_JOB_STATES, type BotJobState } from '@toydesk/contract';

import {
  KIND_GROUPS,
  KNOWN_KINDS,
  ROUTINE_KINDS,
  kindGroup,
  type KindGroup,
} from '@/lib/job-results/job-kinds';

export interface BotJobFilters {
  states: BotJobState[];
  /** Groups of kinds (trading, steam, ...). */
  groups: KindGroup[];
  /** Exact job kinds, e.g. "proxy.check". */
  kinds: string[];
  /** "m3" (market account 3) or "s3" (Steam account 3): the two have ids of their own. */
  accounts: string[];
  /** Show the routine scheduled jobs that ended well (hidden by default: thousands an hour). */
  routine: boolean;
}

export const EMPTY_JOB_FILTERS: BotJobFilters = {
  states: [],
  groups: [],
  kinds: [],
  accounts: [],
  routine: false,
};

const STATES = new Set<string>(BOT_JOB_STATES);
const GROUPS = new Set<string>(KIND_GROUPS);

/** The filters as the URL keeps them (?state=failed&group=trading&account=3&routine=1). */
export function filtersFromSearch(search: URLSearchParams): BotJobFilters {
  return {
    states: search.getAll('state').filter((s): s is BotJobState => STATES.has(s)),
    groups: search.getAll('group').filter((g): g is KindGroup => GROUPS.has(g)),
    kinds: search.getAll('kind').filter(Boolean),
    accounts: search.getAll('account').filter((token) => /^[ms][1-9]\d{0,9}$/.test(token)),
    routine: search.get('routine') === '1',
  };
}

export function filtersToSearch(filters: BotJobFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const state of filters.states) search.append('state', state);
  for (const group of filters.groups) search.append('group', group);
  for (const kind of filters.kinds) search.append('kind', kind);
  for (const account of filters.accounts) search.append('account', account);
  if (filters.routine) search.set('routine', '1');
  return search;
}

/** The list query of 'bot-jobs.list': the groups as their kinds, the routine kinds' done jobs left out. */
export function jobsListQuery(filters: BotJobFilters) {
  const groupKinds = KNOWN_KINDS.filter((kind) => filters.groups.includes(kindGroup(kind)));
  const kinds = [...new Set([...filters.kinds, ...groupKinds])];
  return {
    state: filters.states,
    kind: kinds,
    account: [...new Set(filters.accounts.map((token) => Number(token.slice(1))))],
    hide_done_kind: filters.routine ? [] : [...ROUTINE_KINDS],
  };
}

/** A market account's token ("m3") or a Steam account's ("s3"). */
export const accountToken = (market: boolean, id: number): string => `${market ? 'm' : 's'}${id}`;

/**
 * The service filters by the id alone: a job of Steam account 3 matches market account 3's filter too.
 * The rows whose subject is not one of the chosen accounts are left out here.
 */
export function matchesAccounts(
  row: { account: number | null; kind: string },
  filters: BotJobFilters,
  isMarketKind: (kind: string) => boolean,
): boolean {
  if (filters.accounts.length === 0) return true;
  if (row.account === null) return false;
  return filters.accounts.includes(accountToken(isMarketKind(row.kind), row.account));
}
