/** One page of a list (decision 015): what a use case asks a port for, whatever the transport. */
export type Page = { limit: number; offset: number };
/** A page of items and how many match before paging. */
export type Paged<T> = { items: T[]; total: number };
