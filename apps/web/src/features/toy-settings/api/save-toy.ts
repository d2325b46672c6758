import type { Toy, ToyCreate, ToyPatch } from '@toydesk/contract';

import { createOrPatch, type SaveInput } from '@/lib/create-or-patch';
import { useRefreshingMutation } from '@/lib/refreshing-mutation';

import { TOYS_LIST_KEY } from './toy-keys';

export type SaveToyInput = SaveInput<ToyCreate, ToyPatch>;

/** POST a new toy or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveToy(input: SaveToyInput): Promise<Toy> {
  return createOrPatch({ create: 'toys.create', patch: 'toys.partial_update' }, input);
}

export function useSaveToy() {
  return useRefreshingMutation(saveToy, { refresh: [TOYS_LIST_KEY] });
}
