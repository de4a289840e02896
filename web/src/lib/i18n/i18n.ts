// The shop's languages (decision 038): ICU messages compiled by Lingui's compiler at build time
// (compile-catalogs.ts), shown by interpret.ts. Messages come in namespaces, one per part of the app,
// each two files beside the code that shows them: `<name>.en.json`, imported by that code (so English
// travels in the chunk that uses it, and a lazy page's texts stay out of the entry chunk), and
// `<name>.bn.json`, fetched only when Bengali is shown. A namespace is declared in its `<name>.ts`
// (see namespace below); a component translates with `const t = useT(homeMessages); t('home.discover')`.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { use, useSyncExternalStore } from 'react';
import type { Lang } from '../../../../src/shared/locale-format';
import { detectLanguage, LANGUAGE_KEY, LANGUAGE_PARAM } from './detect-language';
import { interpret, type CompiledMessage, type MessageValues } from './interpret';

export type { Lang, MessageValues };

/** Translates a message of one namespace in the language shown. */
export type Translate<Id extends string = string> = (id: Id, values?: MessageValues) => string;

/** The languages fetched on demand (every one but English). */
type OtherLang = Exclude<Lang, 'en'>;

/** A namespace: where each other language's messages are (`Id`: its messages' ids). */
export type Namespace<Id extends string> = {
  readonly urls: Readonly<Record<OtherLang, URL>>;
  /** Only a type: the ids of its messages. */
  readonly ids?: Id;
};

type Catalogue = Record<string, CompiledMessage>;

/** `true` in the browser's build (compile-catalogs.ts defines it), whose catalogues are compiled. */
declare const __SHOP_CATALOGUES_COMPILED__: boolean | undefined;

/**
 * The browser's build gets compiled catalogues, and leaves the compiler out; wherever they arrive as
 * written (the dev server, the static header rendered at build time, tests), they are compiled here.
 */
const compiled = (messages: object): Catalogue =>
  typeof __SHOP_CATALOGUES_COMPILED__ === 'undefined'
    ? Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message as string) as CompiledMessage]))
    : (messages as Catalogue);

/** Every language's messages loaded so far, all namespaces together (ids are unique across them). */
const messages: Record<Lang, Catalogue> = { en: {}, bn: {} };
let shown: Lang = 'en';
const listeners = new Set<() => void>();

function show(lang: Lang): void {
  shown = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** A message in the language shown (its English if it has none there, its id if it has neither). */
function translate(id: string, values: MessageValues = {}): string {
  const message = messages[shown][id] ?? messages.en[id];
  return message === undefined ? id : interpret(message, values, shown);
}

/** Every namespace declared so far (a handful: one per part of the app). */
const namespaces = new Set<Namespace<string>>();
/** The fetch of each namespace's messages in each other language (by its URL), started once. */
const fetches = new Map<URL, Promise<void>>();
/** The fetches that have ended: their messages are loaded. */
const loaded = new Set<URL>();

/**
 * Declares a namespace (once, in its `<name>.ts` beside its catalogues): its English messages are
 * loaded at once; `urls` are `new URL('./<name>.<lang>.json', import.meta.url)`, written there so
 * that the build emits each as a file of its own (fetched as data: a dynamic import() would bring
 * Vite's preload helper into the entry chunk).
 */
export function namespace<Id extends string>(en: Readonly<Record<Id, string>>, urls: Record<OtherLang, URL>): Namespace<Id> {
  const declared: Namespace<Id> = { urls };
  Object.assign(messages.en, compiled(en));
  namespaces.add(declared);
  return declared;
}

declare global {
  interface Window {
    /** The build's file of every message, by language (other than English), as public/prefetch.js read it. */
    __shopMessageFiles?: Partial<Record<string, string>>;
  }
}

/** The languages whose every message is loaded (from the build's one file of them all). */
const complete = new Set<Lang>();
/** The fetch of each language's file of every message, started once. */
const wholeFetches = new Map<Lang, Promise<void>>();

/** Merges fetched messages into a language's; an answer that cannot be had throws. */
async function take(answer: Response, lang: Lang): Promise<void> {
  if (!answer.ok) throw new Error(String(answer.status));
  Object.assign(messages[lang], compiled((await answer.json()) as object));
}

/**
 * Loads the build's file of every message of `lang` (issue 33 point 11: one request a visit, which
 * public/prefetch.js has usually started beside the app's code, instead of a file per namespace asked
 * for as each part of the page arrives), once; taking prefetch.js's answer if it has one. Nothing
 * (undefined) where there is no such file: the dev server, tests.
 */
function loadEverything(lang: Lang): Promise<void> | undefined {
  const file = typeof window === 'undefined' ? undefined : window.__shopMessageFiles?.[lang];
  if (!file) return undefined;
  let loading = wholeFetches.get(lang);
  if (!loading) {
    const prefetched = window.__shopPrefetch?.[file];
    if (prefetched && window.__shopPrefetch) window.__shopPrefetch[file] = undefined;
    loading = (prefetched ? prefetched.catch(() => fetch(file)) : fetch(file))
      .then((answer) => take(answer, lang))
      .then(() => {
        complete.add(lang);
      })
      // Then each namespace is fetched on its own (loadNamespace).
      .catch((error: unknown) => console.error(file, error));
    wholeFetches.set(lang, loading);
  }
  return loading;
}

/**
 * Loads a namespace's messages in `lang`, once: from the file of every message where the build has
 * one, else (or if that failed) from the namespace's own file. If they cannot be fetched, its English
 * messages stand in (a page in Bengali with some English beats a broken page); the error is logged.
 */
function loadNamespace(space: Namespace<string>, lang: Lang): Promise<void> {
  if (lang === 'en' || complete.has(lang)) return Promise.resolve();
  const url = space.urls[lang];
  let loading = fetches.get(url);
  if (!loading) {
    loading = (loadEverything(lang) ?? Promise.resolve())
      .then(() => (complete.has(lang) ? undefined : fetch(url).then((answer) => take(answer, lang))))
      .catch((error: unknown) => console.error(url.href, error))
      .then(() => {
        loaded.add(url);
      });
    fetches.set(url, loading);
  }
  return loading;
}

const loadAll = (lang: Lang) => Promise.all([...namespaces].map((space) => loadNamespace(space, lang)));

function remember(lang: Lang): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The language shown now. */
export const currentLanguage = (): Lang => shown;

/**
 * Loads the messages of every namespace declared so far in the language shown (at once, side by
 * side). A lazy page's code declares its namespaces; its loader awaits this before the page renders
 * (app/router.tsx), so that useT does not suspend in the middle of a first render: React 19 recovered
 * from that by rendering the whole root again, logging error #520 (#467) on about one Bengali page
 * load in six (issue 33).
 */
export const loadShownMessages = (): Promise<unknown> => loadAll(shown);

/** Shows the shop in `lang`, without a reload, once the messages declared so far are here; remembers the choice. */
export async function setLanguage(lang: Lang): Promise<void> {
  remember(lang);
  await loadAll(lang);
  show(lang);
}

/**
 * Called once, before the router starts and the first render (the entry's namespaces are declared by
 * then): picks the visit's language (detect-language.ts), sets <html lang>, remembers a `?lang=`
 * choice and takes it out of the address (left there, it would undo a later switch on reload).
 * Returns, for a language other than English, the fetch of its messages, to be awaited before
 * rendering so that the page does not flash in English.
 */
export function startLanguage(): Promise<void> | undefined {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // No storage: the URL and the browser decide.
  }
  const lang = detectLanguage({ search: location.search, stored, browser: navigator.languages ?? [] });
  const url = new URL(location.href);
  if (url.searchParams.has(LANGUAGE_PARAM)) {
    remember(lang);
    url.searchParams.delete(LANGUAGE_PARAM);
    history.replaceState(history.state, '', url);
  }
  if (lang === 'en') return undefined;
  // <html lang> at once (the static header is English until React renders; the page is not).
  document.documentElement.lang = lang;
  return loadAll(lang).then(() => show(lang));
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The language shown; the component renders again when it changes. */
export function useLanguage(): Lang {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** The translate function of a namespace, outside React (a failure's wording): its messages loaded first. */
export async function translator<Id extends string>(space: Namespace<Id>): Promise<Translate<Id>> {
  await loadNamespace(space, shown);
  return translate;
}

/**
 * The translate function of a namespace in the language shown: `const t = useT(homeMessages);
 * t('home.discover')`; only that namespace's ids type-check. The component renders again when the
 * language changes. A namespace first shown in Bengali after the switch (a lazy page) suspends
 * until its messages are here (the nearest Suspense boundary, or the route's pending state, shows).
 */
export function useT<Id extends string>(space: Namespace<Id>): Translate<Id> {
  const lang = useLanguage();
  if (lang !== 'en' && !complete.has(lang) && !loaded.has(space.urls[lang])) use(loadNamespace(space, lang));
  // The same function in every language: a component that shows messages calls useT itself (so that
  // it renders again on a switch) rather than receiving `t` from its parent.
  return translate;
}
