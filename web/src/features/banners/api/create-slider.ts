import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authApi, call } from '../../../lib/api-client';
import type { Answer } from '../../../lib/api/contracts';

/** Admin only; `image` is a URL from POST /api/images. */
export function createSlider(image: string): Promise<Answer<'post /sliders'>> {
  return call(authApi, 'post /sliders', { body: { image } });
}

export function useCreateSlider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSlider,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sliders'] }),
  });
}
