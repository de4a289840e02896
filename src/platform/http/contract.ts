import { Hono, type Context, type Env, type Handler, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { appError, type AppError, type ErrorCode } from '../../shared/errors.js';
import { err, ok, type Result } from '../../shared/result.js';
import { readJsonBody } from './json-body.js';
import { sendError } from './respond.js';
import { checkInput } from './validate.js';
import type { Permission } from '../../shared/permissions.js';

/**
 * Route contracts (docs/decisions/018-route-contracts.md). A route is declared once, as data:
 * method, path, who may call it, its path parameters, query, headers and JSON body as zod
 * schemas, its answers and the error codes it may answer with. The router below checks the
 * request against it before the handler runs, and the OpenAPI document is written from the same
 * objects (openapi.ts), so the document cannot drift from what the server checks.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: anyone, a signed-in user, a member of staff holding the contract's `permission`
 * (src/shared/permissions.ts; an admin holds them all), or a valid token without a profile yet.
 */
export type Access = 'public' | 'user' | 'staff' | 'identity';

/** The permission a staff route needs, or several of which any one will do. */
export type PermissionNeed = Permission | readonly Permission[];

export type Answer = {
  description: string;
  /** The JSON body; omitted for an empty answer (204) or a body that is not JSON (see `type`). */
  body?: z.ZodType;
  /** Media type of a body that is not JSON (a page, a script, an image). */
  type?: string;
  /** Response headers worth knowing, by name: their description. */
  headers?: Record<string, string>;
};

export type RouteContract = {
  method: Method;
  /** As Hono writes it, relative to where the router is mounted: `/products/:id`. */
  path: string;
  summary: string;
  description?: string;
  /** The module (or area) the route belongs to: the document's section. */
  tag: string;
  access: Access;
  /** For `staff` routes (and only them): the permission the caller's role must hold. */
  permission?: PermissionNeed;
  /** Every path parameter, by name. */
  params?: Record<string, z.ZodType>;
  /**
   * Answered instead of http/validation when a path parameter is not valid: an id that cannot
   * exist names nothing, so it is not found, exactly like an id that does not.
   */
  badParams?: AppError;
  /** The query; parameters it does not name are dropped. */
  query?: z.ZodType<unknown, Record<string, string | undefined>>;
  /** Request headers the route reads, by name (lower case), each checked on its own when sent. */
  headers?: Record<string, z.ZodType>;
  /** The JSON body; fields it does not name are dropped (never stored). */
  body?: z.ZodType;
  /** A multipart upload, read by the handler itself: the form field that carries the file. */
  upload?: { field: string; description: string };
  /** Success answers by status. */
  answers: Partial<Record<number, Answer>>;
  /** Fields some of this route's errors carry beside code and message, by name (documented as optional). */
  errorFields?: Record<string, z.ZodType>;
  /**
   * The route's own failures. Those its contract implies are added by `impliedErrors`: the
   * guard's 401/403, a check's http/validation, a body's 415 and bad JSON, the body limit's 413
   * and every route's 500.
   */
  errors?: readonly ErrorCode[];
};

type Out<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };

/** What the handler receives, checked and shaped by the contract's schemas. */
export type Input<C extends RouteContract> = {
  params: C extends { params: infer P } ? Out<P> : Record<string, never>;
  query: C extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
  headers: C extends { headers: infer H } ? Partial<Out<H>> : Record<string, never>;
  body: C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
};

/**
 * The routes a router handles, as types only (decision 052): `handle` asserts it of its router, so
 * a function that builds one answers, in its return type, every contract it handled, by method and
 * path. Nothing of it exists at run time; the web's client reads its answers and inputs from it.
 */
declare const handled: unique symbol;
export type Handled<C extends RouteContract> = { readonly [handled]: { readonly [K in `${C['method']} ${C['path']}`]: C } };

/**
 * The contracts a router handled, by `method /path` (as the contract writes them). A route handled
 * on one branch only (identity's, by provider) makes the router's type a union: its members' routes
 * are merged, since the web is typed for both.
 */
export type RoutesOf<R> = Merged<R extends { readonly [handled]: infer M } ? M : never>;
type Merged<U> = (U extends unknown ? (map: U) => void : never) extends (map: infer I) => void ? { [K in keyof I]: I[K] } : never;

/** The staff guard: made once per permission need, it answers 403 to a role without it. */
export type StaffGuard = (need: PermissionNeed) => MiddlewareHandler;
export type Guards = { user?: MiddlewareHandler; identity?: MiddlewareHandler; staff?: StaffGuard };

const jsonType = /^application\/(.+\+)?json\b/i;

/**
 * Checks a request against its contract, in the order the routes always checked: path
 * parameters, query, body, then headers. Each failure has the message the API has always given.
 * Synchronous unless there is a body to read, so a GET costs no extra turn of the event loop.
 */
function checkRequest<C extends RouteContract>(c: Context, contract: C): Result<Input<C>, AppError> | Promise<Result<Input<C>, AppError>> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(contract.params ?? {})) {
    const checked = checkInput(schema, c.req.param(name));
    if (!checked.ok) return err(contract.badParams ?? checked.error);
    params[name] = checked.value;
  }
  let query: unknown;
  if (contract.query) {
    const checked = checkInput(contract.query, c.req.query());
    if (!checked.ok) return checked;
    query = checked.value;
  }
  const withHeaders = (body: unknown): Result<Input<C>, AppError> => {
    const headers: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(contract.headers ?? {})) {
      const value = c.req.header(name);
      if (value === undefined) continue;
      const checked = checkInput(schema, value);
      if (!checked.ok) return checked;
      headers[name] = checked.value;
    }
    return ok({ params, query, headers, body } as Input<C>);
  };
  const schema = contract.body;
  if (!schema) return withHeaders(undefined);
  if (!jsonType.test(c.req.header('content-type') ?? '')) {
    return err(appError('http/unsupported-media-type', 'Send the body as JSON (Content-Type: application/json).'));
  }
  return readJsonBody(c).then((parsed) => {
    if (!parsed.ok) return err(appError('http/bad-json', 'The request body is not valid JSON.'));
    const checked = checkInput(schema, parsed.value);
    return checked.ok ? withHeaders(checked.value) : checked;
  });
}

/**
 * A Hono router whose routes are contracts. `handle` registers the contract's guard, checks the
 * request and calls the handler with the checked input; `contracts` lists them for the document.
 */
export class ContractRouter<E extends Env = Env> extends Hono<E> {
  readonly contracts: RouteContract[] = [];
  readonly #guards: Guards;

  constructor(guards: Guards = {}) {
    super();
    this.#guards = guards;
  }

  handle<const C extends RouteContract>(contract: C, handler: (c: Context<E>, input: Input<C>) => Response | Promise<Response>): asserts this is ContractRouter<E> & Handled<C> {
    const undeclared = [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string).filter((name) => !contract.params?.[name]);
    if (undeclared.length) throw new Error(`${contract.method.toUpperCase()} ${contract.path}: declare the path parameters ${undeclared.join(', ')} in params`);
    // An empty list would let no role through, not even the admin's: it names no permission either.
    if ((contract.access === 'staff') !== (contract.permission !== undefined && contract.permission.length > 0)) throw new Error(`${contract.method.toUpperCase()} ${contract.path}: a staff route names its permission, and only a staff route does`);
    this.contracts.push(contract);
    const guard = contract.access === 'public' ? [] : [this.#guardOf(contract)];
    const run: Handler<E> = (c) => {
      const answer = (input: Result<Input<C>, AppError>) => (input.ok ? handler(c, input.value) : sendError(c, input.error));
      const input = checkRequest(c, contract);
      return input instanceof Promise ? input.then(answer) : answer(input);
    };
    // Hono's typed overloads want literal paths; the contract's path is checked by the document test.
    const on = this.on.bind(this) as unknown as (method: string, path: string, ...handlers: Array<MiddlewareHandler | Handler>) => unknown;
    on(contract.method.toUpperCase(), contract.path, ...guard, run as Handler);
  }

  #guardOf(contract: RouteContract): MiddlewareHandler {
    if (contract.access === 'staff') {
      const staff = this.#guards.staff ?? missingGuard(contract);
      return staff(contract.permission as PermissionNeed);
    }
    return this.#guards[contract.access as 'user' | 'identity'] ?? missingGuard(contract);
  }

  /**
   * `handle` when `served`: a route of one configuration only (a sign-in provider's). Its type is
   * recorded either way: the web app is built once for every configuration.
   */
  handleIf<const C extends RouteContract>(served: boolean, contract: C, handler: (c: Context<E>, input: Input<C>) => Response | Promise<Response>): asserts this is ContractRouter<E> & Handled<C> {
    if (served) this.handle(contract, handler);
  }
}

const missingGuard = (contract: RouteContract): never => {
  throw new Error(`no guard for ${contract.access} routes (${contract.method.toUpperCase()} ${contract.path})`);
};

/** The codes a contract implies beside its own: see RouteContract.errors. */
export function impliedErrors(contract: RouteContract): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (contract.access !== 'public') codes.push('auth/unauthenticated');
  if (contract.access === 'staff') codes.push('auth/forbidden');
  const validated = (contract.params && !contract.badParams) || contract.query || contract.headers || contract.body;
  if (validated) codes.push('http/validation');
  if (contract.badParams) codes.push(contract.badParams.code);
  if (contract.body) codes.push('http/unsupported-media-type', 'http/bad-json');
  if (contract.method !== 'get') codes.push('http/payload-too-large');
  codes.push('http/internal');
  return codes;
}

/**
 * The routes of `contracts`, in mount order, that an earlier route of the same method would take
 * first (Hono answers with the first match): the same path again, or a literal segment where the
 * earlier one has a parameter (GET /orders/export.csv after GET /orders/:id). createApp refuses a
 * router list with any (decision 050), so the order the routers are mounted in is checked, not
 * remembered by a comment.
 */
export function shadowedRoutes(contracts: ReadonlyArray<Pick<RouteContract, 'method' | 'path'>>): string[] {
  const segments = (path: string) => path.split('/').filter(Boolean);
  const takes = (earlier: string, later: string) => {
    const param = /^:\w+(?:\{(.+)\})?$/.exec(earlier);
    if (!param) return earlier === later;
    if (later.startsWith(':') || param[1] === undefined) return true;
    return new RegExp(`^(?:${param[1]})$`).test(later);
  };
  const found: string[] = [];
  contracts.forEach((later, i) => {
    const path = segments(later.path);
    const by = contracts.slice(0, i).find((earlier) => {
      const before = segments(earlier.path);
      return earlier.method === later.method && before.length === path.length && before.every((segment, n) => takes(segment, path[n] as string));
    });
    if (by) found.push(`${later.method.toUpperCase()} ${later.path} is mounted after ${by.method.toUpperCase()} ${by.path}, which takes it`);
  });
  return found;
}
