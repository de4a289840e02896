import type { Slider } from './domain/slider.js';

/** Synchronous storage (decision 001). */
export type SliderStore = {
  /** Newest first. */
  list(): Slider[];
  count(): number;
  insert(slider: Slider): void;
  delete(id: string): number;
};
