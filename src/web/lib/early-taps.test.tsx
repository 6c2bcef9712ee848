import { act } from "@testing-library/react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOLD_EARLY_TAPS, releaseEarlyTaps } from "./early-taps.ts";

function Page({ onStart, onVote }: { onStart: () => void; onVote: () => void }) {
  return (
    <form action="/nowhere">
      <button
        type="submit"
        onClick={(e) => {
          e.preventDefault();
          onStart();
        }}
      >
        Start
      </button>
      <button type="button" onClick={onVote}>
        Vote
      </button>
    </form>
  );
}

let root: Root | null = null;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

/**
 * The page as the prerender left it, markup on screen and no code behind it yet, with its boot
 * module's first lines run (HOLD_EARLY_TAPS, as scripts/prerender-landing.mjs writes it).
 */
function prerendered(): HTMLElement {
  container = document.createElement("div");
  container.id = "root";
  container.innerHTML = renderToString(<Page onStart={() => {}} onVote={() => {}} />);
  document.body.append(container);
  new Function(HOLD_EARLY_TAPS)();
  return container;
}

const button = (name: string) =>
  [...container.querySelectorAll("button")].find((b) => b.textContent === name)!;

function tap(el: HTMLElement): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true });
  el.dispatchEvent(event);
  return event;
}

function hydrate(onStart: () => void, onVote: () => void) {
  act(() => {
    root = hydrateRoot(container, <Page onStart={onStart} onVote={onVote} />);
  });
}

describe("a tap before a prerendered page is hydrated", () => {
  it("is held (the form is not posted natively) and answered once the page is hydrated", () => {
    const page = prerendered();
    expect(tap(button("Start")).defaultPrevented).toBe(true);
    const onStart = vi.fn();
    hydrate(onStart, vi.fn());
    expect(onStart).not.toHaveBeenCalled();
    releaseEarlyTaps(page);
    expect(onStart).toHaveBeenCalledTimes(1);
    // answered once only; from now on React answers taps itself
    releaseEarlyTaps(page);
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(tap(button("Start")).defaultPrevented).toBe(true);
    expect(onStart).toHaveBeenCalledTimes(2);
  });

  it("keeps only the last of several taps", () => {
    const page = prerendered();
    tap(button("Vote"));
    tap(button("Vote"));
    tap(button("Start"));
    const onStart = vi.fn();
    const onVote = vi.fn();
    hydrate(onStart, onVote);
    releaseEarlyTaps(page);
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(onVote).not.toHaveBeenCalled();
  });

  it("keeps a tap out of React's sight until released: none is answered twice", () => {
    const page = prerendered();
    const onVote = vi.fn();
    hydrate(vi.fn(), onVote);
    // the root is hydrated, the hold not yet released (the route's page still hydrating)
    tap(button("Vote"));
    expect(onVote).not.toHaveBeenCalled();
    releaseEarlyTaps(page);
    expect(onVote).toHaveBeenCalledTimes(1);
  });

  it("does not tap a button that is gone from the page (React drew it afresh)", () => {
    const page = prerendered();
    const vote = button("Vote");
    tap(vote);
    const click = vi.spyOn(vote, "click");
    act(() => {
      // a first render that differs from the prerender: React replaces the markup
      root = hydrateRoot(container, <p>Signed in</p>, { onRecoverableError: () => {} });
    });
    expect(vote.isConnected).toBe(false);
    releaseEarlyTaps(page);
    expect(click).not.toHaveBeenCalled();
  });

  it("does nothing on a page that was not prerendered", () => {
    container = document.createElement("div");
    expect(() => releaseEarlyTaps(container)).not.toThrow();
    expect(() => releaseEarlyTaps(null)).not.toThrow();
  });
});
