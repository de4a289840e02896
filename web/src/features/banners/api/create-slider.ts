import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer, Body } from '../../../lib/api/contracts';

export type NewSlider = Body<'post /sliders'>;

/**
 * Admin only; `image` is a URL from POST /api/images, with its alt texts and its link (issue 33).
 * 422 `promotions/link-target-not-found` for a category or product that does not exist.
 */
export function createSlider(slider: NewSlider): Promise<Answer<'post /sliders'>> {
  return call(authApi, 'post /sliders', { body: slider });
}

export function useCreateSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sliders'] }),
  });
}
