import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  Navigate,
  useLocation,
  useNavigate,
  useNavigationType,
  useSearchParams,
} from "./router.tsx";

afterEach(() => {
  cleanup();
  window.history.replaceState(null, "", "/");
});

/** Shows where the router is, and offers the moves the app makes. */
function Probe() {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <output data-testid="where">
        {`${type} ${location.pathname}${location.search}${location.hash} ${JSON.stringify(location.state)} ${location.key}`}
      </output>
      <output data-testid="q">{params.get("q") ?? ""}</output>
      <button type="button" onClick={() => navigate("/chat", { state: { fromChat: true } })}>
        push
      </button>
      <button type="button" onClick={() => navigate("/", { replace: true })}>
        replace
      </button>
      <button type="button" onClick={() => setParams({ q: "deep work" }, { replace: true })}>
        search
      </button>
      <Link to="/privacy#cookies">privacy</Link>
    </div>
  );
}

const where = () => screen.getByTestId("where").textContent;

describe("MemoryRouter", () => {
  it("starts at its first entry and moves with navigate, keeping state and a new key", () => {
    render(
      <MemoryRouter initialEntries={["/success?session_id=cs_1"]}>
        <Probe />
      </MemoryRouter>,
    );
    expect(where()).toBe("POP /success?session_id=cs_1 null default");
    fireEvent.click(screen.getByText("push"));
    expect(where()).toMatch(/^PUSH \/chat \{"fromChat":true\} [a-z0-9]+$/);
    fireEvent.click(screen.getByText("replace"));
    expect(where()).toMatch(/^REPLACE \/ null /);
  });

  it("sets the query string on the same path", () => {
    render(
      <MemoryRouter initialEntries={["/fitness"]}>
        <Probe />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText("search"));
    expect(where()).toMatch(/^REPLACE \/fitness\?q=deep\+work /);
    expect(screen.getByTestId("q").textContent).toBe("deep work");
  });

  it("Navigate redirects once rendered", () => {
    function Redirecting() {
      const { pathname } = useLocation();
      return pathname === "/signin" ? <Navigate to="/" replace /> : <Probe />;
    }
    render(
      <MemoryRouter initialEntries={["/signin"]}>
        <Redirecting />
      </MemoryRouter>,
    );
    expect(where()).toMatch(/^REPLACE \/ null /);
  });
});

describe("BrowserRouter", () => {
  it("pushes real history entries and follows back (POP) with their state", () => {
    window.history.replaceState(null, "", "/");
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByText("push"));
    expect(window.location.pathname).toBe("/chat");
    expect(where()).toMatch(/^PUSH \/chat \{"fromChat":true\}/);

    // the browser's Back: the entry changes, then popstate fires (happy-dom has no real back)
    act(() => {
      window.history.replaceState(null, "", "/");
      window.dispatchEvent(new PopStateEvent("popstate", { state: null }));
    });
    expect(window.location.pathname).toBe("/");
    expect(where()).toBe("POP / null default");
  });

  it("a plain click on a Link navigates in the page; a modified click is left to the browser", () => {
    window.history.replaceState(null, "", "/");
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    const link = screen.getByText("privacy");
    expect(link.getAttribute("href")).toBe("/privacy#cookies");

    const modified = fireEvent.click(link, { ctrlKey: true });
    expect(modified).toBe(true); // not prevented: the browser opens a new tab
    expect(where()).toBe("POP / null default");
    window.history.replaceState(null, "", "/");

    const plain = fireEvent.click(link);
    expect(plain).toBe(false); // prevented: the router took it
    expect(window.location.pathname).toBe("/privacy");
    expect(where()).toMatch(/^PUSH \/privacy#cookies /);
  });
});

describe("matchPath", () => {
  const routes = [{ path: "/" }, { path: "/chat" }, { path: "*" }];

  it("matches static paths case-insensitively, with or without a trailing slash", () => {
    expect(matchPath(routes, "/chat")?.path).toBe("/chat");
    expect(matchPath(routes, "/chat/")?.path).toBe("/chat");
    expect(matchPath(routes, "/Chat")?.path).toBe("/chat");
    expect(matchPath(routes, "/")?.path).toBe("/");
  });

  it("gives every path under a /x/* route to that route, and /x itself to the catch-all", () => {
    const withPrefix = [{ path: "/book/*" }, ...routes];
    expect(matchPath(withPrefix, "/book/AbC-123")?.path).toBe("/book/*");
    expect(matchPath(withPrefix, "/Book/abc/")?.path).toBe("/book/*");
    expect(matchPath(withPrefix, "/book")?.path).toBe("*");
    expect(matchPath(withPrefix, "/booking")?.path).toBe("*");
  });

  it("sends everything else to the catch-all", () => {
    expect(matchPath(routes, "/chat/extra")?.path).toBe("*");
    expect(matchPath(routes, "/nope")?.path).toBe("*");
    expect(matchPath([{ path: "/" }], "/nope")).toBeUndefined();
  });
});

describe("hydrating a prerendered page", () => {
  function Record({ seen, move }: { seen: string[]; move?: () => void }) {
    const { pathname, search, state, key } = useLocation();
    if (seen.length === 0) move?.();
    seen.push(`${pathname}${search} ${JSON.stringify(state)} ${key}`);
    return null;
  }

  it("renders the prerendered path alone first, then the address bar's location", async () => {
    window.history.replaceState({ usr: { showPricing: true }, key: "k1" }, "", "/?authError=x");
    const seen: string[] = [];
    await act(async () => {
      render(
        <BrowserRouter hydrating>
          <Record seen={seen} />
        </BrowserRouter>,
      );
    });
    expect(seen[0]).toBe("/ null default");
    expect(seen.at(-1)).toBe('/?authError=x {"showPricing":true} k1');
  });

  it("picks up a move made after it started but before it listened", async () => {
    const seen: string[] = [];
    const move = () => window.history.replaceState({ usr: { fromChat: true }, key: "m" }, "", "/");
    await act(async () => {
      render(
        <BrowserRouter hydrating>
          <Record seen={seen} move={move} />
        </BrowserRouter>,
      );
    });
    expect(seen.at(-1)).toBe('/ {"fromChat":true} m');
  });
});
