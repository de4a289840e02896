/**
 * The web app's only window on the server's code (decision 052): the route contracts, and the few
 * server types that are not an answer or a request of a route, all `import type` (nothing of the
 * server, and no zod, reaches the bundle). After a module moves, only this file is re-pointed.
 */
import type { z } from 'zod';
import type { ApiRoutes } from '../../../../src/api-routes';

export type { FreshTotals, OrderEventType, OrderStatus } from '../../../../src/modules/ordering/index';

/** A route of the API: `method /path` as its contract writes it, relative to /api (`get /products/:id`). */
export type Route = keyof ApiRoutes & string;
type Contract<R extends Route> = ApiRoutes[R];

type Schema = z.ZodType;
/** A 304 is the browser's business (fetch hands the cached 200 over): only 2xx answers count. */
type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type AnswerBodies<A> = { [S in keyof A & Success]: A[S] extends { body: infer B extends Schema } ? z.output<B> : undefined }[keyof A & Success];

/** What a route answers on success: the bodies of its contract's answers (undefined for one without). */
export type Answer<R extends Route> = AnswerBodies<Contract<R>['answers']>;
/** One row of a route that answers a list (a page of it, see lib/paging.ts). */
export type Row<R extends Route> = Answer<R> extends ReadonlyArray<infer T> ? T : never;

/** The path parameters of a route, by name. */
export type Params<R extends Route> = Contract<R> extends { params: infer P } ? { [N in keyof P]: P[N] extends Schema ? z.input<P[N]> : never } : never;
/** The query a route reads, as sent. */
export type Query<R extends Route> = Contract<R> extends { query: infer Q extends Schema } ? z.input<Q> : never;
/** The JSON body a route reads, as sent. */
export type Body<R extends Route> = Contract<R> extends { body: infer B extends Schema } ? z.input<B> : never;
