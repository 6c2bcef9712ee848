import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setOnline } from "../../../lib/use-online.ts";
import { mockApi, renderWithApp } from "../../../test/render-with-app.tsx";
import { AccountDataActions } from "./account-data-actions.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setOnline(true);
});

describe("AccountDataActions", () => {
  it("offline: export and delete are disabled and say why, and come back online", () => {
    const api = mockApi({});
    renderWithApp(<AccountDataActions onDeleted={() => {}} />);
    act(() => setOnline(false));
    expect(screen.getByRole("button", { name: "Export my data" })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Delete my account" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(screen.getByRole("status").textContent).toContain("You're offline");
    act(() => setOnline(true));
    expect(screen.getByRole("button", { name: "Export my data" })).toHaveProperty(
      "disabled",
      false,
    );
    expect(screen.queryByRole("status")).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it("deletes only after confirmation, then hands over to the caller", async () => {
    const api = mockApi({ "DELETE /api/account": { status: 204 } });
    const onDeleted = vi.fn();
    renderWithApp(<AccountDataActions onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(api.calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Keep my account" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete my account" }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(api.calls).toEqual([{ key: "DELETE /api/account", body: { confirm: true } }]);
  });

  it("a refused deletion shows why and keeps the account", async () => {
    mockApi({
      "DELETE /api/account": {
        status: 502,
        body: {
          error: "We couldn't cancel your subscription, so your account was not deleted.",
          code: "service_unavailable",
        },
      },
    });
    const onDeleted = vi.fn();
    renderWithApp(<AccountDataActions onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, delete my account" }));
    expect((await screen.findByRole("alert")).textContent).toMatch(/account was not deleted/);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("'Export my data' downloads the export as a JSON file", async () => {
    mockApi({
      "GET /api/account/export": {
        body: {
          exportedAt: "2026-11-22T06:00:00.000Z",
          format: "sage-account-export/1",
          user: {},
          data: {},
        },
      },
    });
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderWithApp(<AccountDataActions onDeleted={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Export my data" }));
    expect(await screen.findByText("Your data has been downloaded.")).toBeTruthy();
    expect(clicked).toEqual(["sage-export-2026-11-22.json"]);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(JSON.parse(await blob.text()).format).toBe("sage-account-export/1");
    click.mockRestore();
    createObjectURL.mockRestore();
    revoke.mockRestore();
  });
});
