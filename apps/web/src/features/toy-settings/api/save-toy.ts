import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Toy, ToyCreate, ToyPatch } from '@toydesk/contract';

import { api } from '@/lib/api-client';
import { unwrap } from '@/lib/query';

import { TOYS_LIST_KEY } from './toy-keys';

export type SaveToyInput = { id: null; body: ToyCreate } | { id: number; body: ToyPatch };

/** POST a new toy or PATCH the changed fields of one; a 400 comes back as an ApiFailure. */
export async function saveToy(input: SaveToyInput): Promise<Toy> {
  return unwrap(
    input.id === null
      ? await api.call('toys.create', { body: input.body })
      : await api.call('toys.partial_update', { params: { id: input.id }, body: input.body }),
  );
}

export function useSaveToy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveToy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOYS_LIST_KEY }),
  });
}
