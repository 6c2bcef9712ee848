import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";

import { normalisePath, pathMatches } from "../../core/app-paths.ts";
/**
 * The app's router: the few parts of React Router's API the app uses (same names, same
 * behaviour), over the History API in ~2 KB. React Router cost ~14 KB gzip of the JavaScript
 * every page loads; the app has a flat list of static paths and needs no more than this
 * (decision 011).
 */

export type Location = {
  pathname: string;
  search: string;
  hash: string;
  /** What `navigate(to, { state })` carried; survives reloads and back/forward. */
  state: unknown;
  /** Unique per history entry ("default" for the first one). */
  key: string;
};
export type NavigationType = "POP" | "PUSH" | "REPLACE";
export type NavigateOptions = { replace?: boolean; state?: unknown };
type Snapshot = { location: Location; action: NavigationType };

type History = {
  get: () => Snapshot;
  subscribe: (listener: () => void) => () => void;
  go: (to: string, opts: NavigateOptions) => void;
};

const newKey = () => Math.random().toString(36).slice(2, 10);

/** `to` resolved against the current path, the way an <a href> would be. */
function resolve(to: string, from: string): URL {
  return new URL(to, new URL(from, "http://localhost"));
}

function createHistory(read: () => Snapshot["location"], write: History["go"]): History {
  let snapshot: Snapshot = { location: read(), action: "POP" };
  const listeners = new Set<() => void>();
  const emit = (action: NavigationType) => {
    snapshot = { location: read(), action };
    for (const listener of listeners) listener();
  };
  const onPop = () => emit("POP");
  return {
    get: () => snapshot,
    subscribe(listener) {
      if (listeners.size === 0) {
        // a move made before anyone listened (Back while a prerendered page was still
        // hydrating, in slices) is read now, or the first update would miss it
        const location = read();
        if (!sameLocation(location, snapshot.location)) snapshot = { location, action: "POP" };
        if (typeof window !== "undefined") window.addEventListener("popstate", onPop);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && typeof window !== "undefined") {
          window.removeEventListener("popstate", onPop);
        }
      };
    },
    go(to, opts) {
      write(to, opts);
      emit(opts.replace ? "REPLACE" : "PUSH");
    },
  };
}

type Entry = { usr: unknown; key: string };

function sameLocation(a: Location, b: Location): boolean {
  return (
    a.pathname === b.pathname &&
    a.search === b.search &&
    a.hash === b.hash &&
    a.state === b.state &&
    a.key === b.key
  );
}

function browserHistory(): History {
  const history = createHistory(
    () => {
      const entry = window.history.state as Partial<Entry> | null;
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? "default" };
    },
    (to, { replace, state }) => {
      const url = resolve(to, window.location.href);
      const entry: Entry = { usr: state ?? null, key: newKey() };
      const href = url.pathname + url.search + url.hash;
      if (replace) window.history.replaceState(entry, "", href);
      else window.history.pushState(entry, "", href);
    },
  );
  const go = history.go;
  return {
    ...history,
    go(to, opts) {
      const url = new URL(to, window.location.href);
      // another site is a page load, not a route
      if (url.origin !== window.location.origin) window.location.assign(url.href);
      else go(to, opts);
    },
  };
}

function memoryHistory(initial: string): History {
  let current: Location = { ...parts(resolve(initial, "/")), state: null, key: "default" };
  return createHistory(
    () => current,
    (to, { state }) => {
      current = { ...parts(resolve(to, current.pathname)), state: state ?? null, key: newKey() };
    },
  );
}

const parts = (url: URL) => ({ pathname: url.pathname, search: url.search, hash: url.hash });

type RouterValue = { snapshot: Snapshot; navigate: (to: string, opts?: NavigateOptions) => void };
const RouterContext = createContext<RouterValue | null>(null);

/**
 * Location changes render as a transition, as React Router's do: the page on screen stays
 * until the next page's code has loaded, instead of flashing the loading fallback.
 */
function Router({
  history,
  initial,
  children,
}: {
  history: History;
  initial?: Snapshot;
  children: ReactNode;
}) {
  const [snapshot, setSnapshot] = useState(() => initial ?? history.get());
  useLayoutEffect(() => {
    // an unchanged location keeps its snapshot: nothing under the router re-renders for it
    const update = () =>
      startTransition(() => {
        const next = history.get();
        setSnapshot((prev) => (sameSnapshot(prev, next) ? prev : next));
      });
    const unsubscribe = history.subscribe(update);
    update(); // a move made before this subscribed
    return unsubscribe;
  }, [history]);
  const navigate = useCallback(
    (to: string, opts: NavigateOptions = {}) => history.go(to, opts),
    [history],
  );
  const value = useMemo(() => ({ snapshot, navigate }), [snapshot, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const sameSnapshot = (a: Snapshot, b: Snapshot) =>
  a.action === b.action && sameLocation(a.location, b.location);

/**
 * Follows the address bar. `hydrating`: the first render adopts a prerendered page, which was
 * rendered for the path alone (src/web/prerender) — so it sees that path with no query, hash,
 * history state or entry key, exactly as the prerender did; the address bar's full location
 * (a pricing screen kept in history state, `?authError=`) follows once mounted, as a
 * transition. Reading it in the first render made the page differ from the prerendered HTML
 * and React drew it afresh (error #418 after Back or a reload).
 */
export function BrowserRouter({
  hydrating = false,
  children,
}: {
  hydrating?: boolean;
  children: ReactNode;
}) {
  const [history] = useState(browserHistory);
  const [initial] = useState(() =>
    hydrating ? prerenderedSnapshot(history.get().location.pathname) : undefined,
  );
  return (
    <Router history={history} initial={initial}>
      {children}
    </Router>
  );
}

/** What the prerender's memory router starts with for `pathname`. */
const prerenderedSnapshot = (pathname: string): Snapshot => ({
  location: { pathname, search: "", hash: "", state: null, key: "default" },
  action: "POP",
});

/** Keeps its location in memory: the build's prerender and the component tests. */
export function MemoryRouter({
  initialEntries = ["/"],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries[0] ?? "/"));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error("A router hook was used outside <BrowserRouter> or <MemoryRouter>.");
  return value;
}

export const useLocation = (): Location => useRouter().snapshot.location;
export const useNavigationType = (): NavigationType => useRouter().snapshot.action;
export const useNavigate = () => useRouter().navigate;

/** The query string as URLSearchParams, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | Record<string, string>, opts?: NavigateOptions) => void,
] {
  const { snapshot, navigate } = useRouter();
  const { pathname, search } = snapshot.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, opts?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, opts);
    },
    [navigate, pathname],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * An <a href> that navigates in the page on a plain left click; a modified click (new tab,
 * new window, download) or a `target` elsewhere is left to the browser.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { navigate } = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      (target && target !== "_self") ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={to} target={target} onClick={follow} />;
}

/** Navigates once it has rendered (a redirect inside a page). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

/**
 * The route whose path matches `pathname`: paths are static, matched case-insensitively and
 * with or without a trailing slash, as React Router matched them; `/x/*` takes every path
 * under /x/ (the screen reads the rest itself); `*` catches the rest.
 */
export function matchPath<R extends { path: string }>(
  routes: R[],
  pathname: string,
): R | undefined {
  const wanted = normalise(pathname);
  return routes.find((r) => pathMatches(r.path, wanted)) ?? routes.find((r) => r.path === "*");
}

const normalise = normalisePath;
