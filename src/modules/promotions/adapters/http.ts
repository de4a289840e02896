import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { jsonWithTag, type ChangeTag } from '../../../platform/http/change-tag.js';
import { sendError, sendResult } from '../../../platform/http/respond.js';
import { parseJsonBody } from '../../../platform/http/validate.js';
import type { Clock } from '../../../shared/clock.js';
import { appError } from '../../../shared/errors.js';
import { isShowableImageUrl } from '../../../shared/image-url.js';
import type { IdGenerator } from '../../../shared/ids.js';
import type { Slider } from '../domain/slider.js';
import { addSlider, deleteSlider } from '../manage-sliders.js';
import type { SliderStore } from '../ports.js';

export type SliderDto = { _id: string; image: string };
const sliderDto = (s: Slider): SliderDto => ({ _id: s.id, image: s.image });

const sliderInput = z.object({
  image: z
    .string({ message: 'Image is required' })
    .trim()
    .max(2048)
    .refine(isShowableImageUrl, 'The image must be an https URL or an uploaded image'),
});

export function promotionsRoutes(deps: { sliders: SliderStore; clock: Clock; newId: IdGenerator; requireAdmin: MiddlewareHandler; changes: ChangeTag }) {
  const app = new Hono();
  app.get('/sliders', (c) => jsonWithTag(c, deps.changes, () => deps.sliders.list().map(sliderDto)));

  app.post('/sliders', deps.requireAdmin, async (c) => {
    const body = await parseJsonBody(c, sliderInput);
    if (!body.ok) return sendError(c, body.error);
    const result = addSlider(deps, body.value);
    deps.changes.bump();
    return c.json(result, 201);
  });

  app.delete('/sliders/:id', deps.requireAdmin, (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{24}$/.test(id)) return sendError(c, appError('promotions/slider-not-found', 'This banner does not exist (any more).'));
    const result = deleteSlider(deps, id);
    if (result.ok) deps.changes.bump();
    return sendResult(c, result);
  });
  return app;
}
