/** A banner slide of the home page. */
export type Slider = { id: string; image: string; createdAt: Date };
