import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task } from "../../../../core/contract/tasks.ts";
import { MemoryRouter } from "../../../lib/router.tsx";
import { CalendarScreen } from "./calendar-screen.tsx";

const USER = "7d0f3c1e-2b4a-4c5d-8e6f-1a2b3c4d5e6f";
const REPORT = "11111111-1111-4111-8111-111111111111";
const SLIDES = "22222222-2222-4222-8222-222222222222";
const INBOX = "33333333-3333-4333-8333-333333333333";
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type Call = { method: string; path: string; body: unknown };
type Json = Record<string, unknown>;

const tomorrowAt = (hour: number, minute = 0) =>
  DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour, minute, second: 0, millisecond: 0 });

function task(overrides: Partial<Task> & Pick<Task, "id" | "title">): Task {
  return {
    estimateMinutes: 60,
    deadline: null,
    priority: "medium",
    energy: "medium",
    splittable: true,
    minChunkMinutes: 25,
    status: "open",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    deletedAt: null,
    ...overrides,
  };
}

function serverEvent(fields: Json): Json {
  return {
    description: null,
    end_time: null,
    all_day: false,
    location: null,
    reminder_minutes: null,
    category: null,
    priority: "medium",
    url: null,
    recurrence_frequency: null,
    recurrence_interval: null,
    recurrence_by_day: null,
    recurrence_by_month_day: null,
    recurrence_until: null,
    recurrence_count: null,
    exdates: [],
    series_id: null,
    recurrence_id: null,
    source: "user",
    task_id: null,
    version: 1,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    deleted_at: null,
    ...fields,
  };
}

let online = true;

/** The tasks, plan and calendar API behind fetch, recording every call. */
function fakeServer(
  opts: { tasks?: Task[]; events?: Json[]; planStatus?: number; planHeld?: boolean } = {},
) {
  const calls: Call[] = [];
  const tasks = new Map((opts.tasks ?? []).map((t) => [t.id, t]));
  const events = new Map((opts.events ?? []).map((e) => [String(e.id), e]));
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (!online) throw new TypeError("Failed to fetch");
    const url = new URL(String(input), "http://localhost:3000");
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const taskId = /^\/api\/tasks\/(.+)$/.exec(url.pathname)?.[1];
    if (url.pathname === "/api/tasks" && method === "GET") {
      return json(200, { tasks: [...tasks.values()] });
    }
    if (url.pathname === "/api/tasks" && method === "POST") {
      if (body.title === "Too long") {
        return json(400, {
          error: "title: title must be at most 200 characters",
          code: "bad_request",
        });
      }
      const created = task({ id: "44444444-4444-4444-8444-444444444444", ...body });
      tasks.set(created.id, created);
      return json(201, { task: created });
    }
    if (taskId && method === "PUT") {
      const updated = { ...tasks.get(taskId)!, ...body };
      tasks.set(taskId, updated);
      return json(200, { task: updated });
    }
    if (taskId && method === "DELETE") {
      tasks.delete(taskId);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === "/api/plan/discard") return new Response(null, { status: 204 });
    if (url.pathname === "/api/plan") {
      if (opts.planStatus) {
        return json(opts.planStatus, {
          error: "Rate limit exceeded. Please wait a moment and try again.",
          code: "rate_limited",
        });
      }
      const start = tomorrowAt(9).toUTC().toISO()!;
      const end = tomorrowAt(10, 30).toUTC().toISO()!;
      const eventId = "55555555-5555-4555-8555-555555555555";
      events.set(
        eventId,
        serverEvent({
          id: eventId,
          title: "Write the report",
          start_time: start,
          end_time: end,
          category: "Focus",
          source: "assistant",
          task_id: REPORT,
        }),
      );
      return json(200, {
        placed: [
          {
            taskId: REPORT,
            eventId,
            start,
            end,
            why: "Your peak (9–12) — the hardest work of the day",
            kept: opts.planHeld === true,
          },
        ],
        unplaced: [{ taskId: SLIDES, reason: "Needs 6 h before Fri 27 Nov, 17:00; 3.5 h free." }],
        changes: { created: opts.planHeld ? [] : [eventId], removed: [] },
      });
    }
    if (url.pathname === "/api/calendar-events" && method === "GET") {
      return json(200, { events: [...events.values()] });
    }
    if (url.pathname === "/api/calendar-token") {
      return json(200, { token: "t", feedUrl: "http://localhost:3000/api/calendar/feed/t.ics" });
    }
    if (url.pathname === "/api/profile") return json(200, { profile: { timezone: ZONE } });
    return json(404, { error: "Not found", code: "not_found" });
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock, tasks };
}

/** /calendar as a list from yesterday: the tasks beside it, past and planned blocks in it. */
function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const from = DateTime.now().setZone(ZONE).minus({ days: 1 }).toISODate();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/calendar?view=list&date=${from}`]}>
        <CalendarScreen userId={USER} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const tasksRegion = () => screen.getByRole("region", { name: "Tasks" });

beforeEach(() => {
  online = true;
  localStorage.clear();
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Tasks on the calendar", () => {
  it("lists open tasks with estimate, deadline, priority and energy, and done ones apart", async () => {
    const due = tomorrowAt(17);
    vi.stubGlobal(
      "fetch",
      fakeServer({
        tasks: [
          task({
            id: REPORT,
            title: "Write the report",
            estimateMinutes: 180,
            deadline: due.toUTC().toISO()!,
            priority: "high",
            energy: "high",
          }),
          task({ id: SLIDES, title: "Prepare slides", estimateMinutes: 90, energy: "low" }),
          task({ id: INBOX, title: "Clear the inbox", estimateMinutes: 30, status: "done" }),
        ],
      }).fetchMock,
    );
    renderPanel();
    const open = await screen.findByRole("list", { name: "Open tasks" });
    const report = within(open).getByText("Write the report").closest("li")!;
    expect(report.textContent).toContain("3 h · Due ");
    expect(report.textContent).toContain(
      due.toLocaleString({ weekday: "short", month: "short", day: "numeric" }),
    );
    expect(within(report).getByText("High priority")).toBeTruthy();
    expect(within(report).getByText("High energy")).toBeTruthy();
    expect(within(report).getByText("Not planned yet")).toBeTruthy();
    const slides = within(open).getByText("Prepare slides").closest("li")!;
    expect(slides.textContent).toContain("1 h 30 min · No deadline");
    expect(within(slides).getByText("Low energy")).toBeTruthy();

    const done = screen.getByRole("list", { name: "Done tasks" });
    expect(within(done).getByText("Clear the inbox")).toBeTruthy();
    expect(within(open).queryByText("Clear the inbox")).toBeNull();
    expect(screen.getByText("Done (1)")).toBeTruthy();
  });

  it("marks a task done and undoes it, sending the whole task each time", async () => {
    const server = fakeServer({
      tasks: [task({ id: REPORT, title: "Write the report", estimateMinutes: 180 })],
    });
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: "Mark Write the report done" }));
    const done = await screen.findByRole("list", { name: "Done tasks" });
    expect(within(done).getByText("Write the report")).toBeTruthy();
    expect(server.callsTo("PUT", `/api/tasks/${REPORT}`)[0]!.body).toEqual({
      title: "Write the report",
      estimateMinutes: 180,
      deadline: null,
      priority: "medium",
      energy: "medium",
      splittable: true,
      minChunkMinutes: 25,
      status: "done",
    });

    await user.click(screen.getByRole("button", { name: "Mark Write the report as not done" }));
    const open = await screen.findByRole("list", { name: "Open tasks" });
    expect(within(open).getByText("Write the report")).toBeTruthy();
    expect(server.callsTo("PUT", `/api/tasks/${REPORT}`)[1]!.body).toMatchObject({
      status: "open",
    });
  });

  it("after Mark done, asks how long it took and sends the minutes with done", async () => {
    const server = fakeServer({
      tasks: [task({ id: REPORT, title: "Write the report", estimateMinutes: 60 })],
    });
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: "Mark Write the report done" }));
    const asked = await screen.findByRole("region", { name: "“Write the report” is done" });
    const minutes = within(asked).getByLabelText("Minutes it took") as HTMLInputElement;
    expect(minutes.value).toBe("60"); // the estimate to start with
    await user.clear(minutes);
    await user.type(minutes, "95");
    await user.click(within(asked).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.callsTo("PUT", `/api/tasks/${REPORT}`)).toHaveLength(2));
    expect(server.callsTo("PUT", `/api/tasks/${REPORT}`)[1]!.body).toMatchObject({
      status: "done",
      actualMinutes: 95,
    });
    expect(screen.queryByRole("region", { name: "“Write the report” is done" })).toBeNull();
    // marked done again and opened again at once: the question goes with it
    await user.click(screen.getByRole("button", { name: "Mark Write the report as not done" }));
    await user.click(await screen.findByRole("button", { name: "Mark Write the report done" }));
    expect(await screen.findByRole("region", { name: "“Write the report” is done" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Mark Write the report as not done" }));
    expect(screen.queryByRole("region", { name: "“Write the report” is done" })).toBeNull();
  });

  it("adds a task: checks the form first, turns hours into minutes, reads the deadline locally", async () => {
    const server = fakeServer();
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText(/No open tasks/);
    await user.click(within(tasksRegion()).getByRole("button", { name: "Add task" }));
    const dialog = screen.getByRole("dialog", { name: "Add task" });

    await user.click(within(dialog).getByRole("button", { name: "Save task" }));
    expect(within(dialog).getByText("Title is required")).toBeTruthy();
    expect(within(dialog).getByText("Enter how long it will take")).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText("Title"));
    expect(server.callsTo("POST", "/api/tasks")).toEqual([]);

    await user.type(within(dialog).getByLabelText("Title"), "Write the report");
    await user.type(within(dialog).getByLabelText("Estimate"), "2");
    await user.click(within(dialog).getByRole("button", { name: "Save task" }));
    expect(within(dialog).getByText("The estimate must be at least 5 minutes")).toBeTruthy();

    await user.selectOptions(within(dialog).getByLabelText("Unit"), "hours");
    await user.clear(within(dialog).getByLabelText("Estimate"));
    await user.type(within(dialog).getByLabelText("Estimate"), "1.5");
    const due = tomorrowAt(17);
    await user.type(within(dialog).getByLabelText("Due date (optional)"), due.toISODate()!);
    await user.selectOptions(within(dialog).getByLabelText("Priority"), "high");
    await user.selectOptions(within(dialog).getByLabelText("Energy it needs"), "high");
    await user.click(within(dialog).getByLabelText("Can be split into shorter blocks"));
    await user.click(within(dialog).getByRole("button", { name: "Save task" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo("POST", "/api/tasks").map((c) => c.body)).toEqual([
      {
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        title: "Write the report",
        estimateMinutes: 90,
        deadline: due.toUTC().toISO(),
        priority: "high",
        energy: "high",
        splittable: false,
      },
    ]);
    const open = await screen.findByRole("list", { name: "Open tasks" });
    expect(within(open).getByText("Write the report")).toBeTruthy();
    expect(within(open).getByText("In one sitting")).toBeTruthy();
  });

  it("keeps the dialog open and shows the server's message when it refuses the task", async () => {
    vi.stubGlobal("fetch", fakeServer().fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText(/No open tasks/);
    await user.click(within(tasksRegion()).getByRole("button", { name: "Add task" }));
    const dialog = screen.getByRole("dialog", { name: "Add task" });
    await user.type(within(dialog).getByLabelText("Title"), "Too long");
    await user.type(within(dialog).getByLabelText("Estimate"), "30");
    await user.click(within(dialog).getByRole("button", { name: "Save task" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Couldn't add the task: title: title must be at most 200 characters",
    );
    expect(screen.getByRole("dialog", { name: "Add task" })).toBeTruthy();
  });

  it("deletes a task after asking", async () => {
    const server = fakeServer({ tasks: [task({ id: SLIDES, title: "Prepare slides" })] });
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole("button", { name: "Delete task Prepare slides" }));
    const confirm = screen.getByRole("alertdialog");
    expect(confirm.textContent).toContain("planned blocks that haven't started are removed");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await screen.findByText(/No open tasks/);
    expect(server.callsTo("DELETE", `/api/tasks/${SLIDES}`)).toHaveLength(1);
  });

  it("offline: says tasks need a connection, and asks nothing of the server", async () => {
    const server = fakeServer({ tasks: [task({ id: SLIDES, title: "Prepare slides" })] });
    vi.stubGlobal("fetch", server.fetchMock);
    online = false;
    renderPanel();
    expect(within(tasksRegion()).getByText(/Tasks and planning need an internet connection/));
    expect(
      (within(tasksRegion()).getByRole("button", { name: "Add task" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      (within(tasksRegion()).getByRole("button", { name: "Plan my week" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(server.calls).toEqual([]);

    online = true;
    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("Prepare slides")).toBeTruthy();
    expect(screen.queryByText(/Tasks and planning need an internet connection/)).toBeNull();
  });
});

describe("Plan my week", () => {
  it("plans 7 days, shows what was placed and what could not be, and syncs the blocks in", async () => {
    const server = fakeServer({
      tasks: [
        task({ id: REPORT, title: "Write the report", estimateMinutes: 90, energy: "high" }),
        task({ id: SLIDES, title: "Prepare slides", estimateMinutes: 360 }),
      ],
    });
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText("Prepare slides");
    const listsBefore = server.callsTo("GET", "/api/calendar-events").length;

    await user.click(screen.getByRole("button", { name: "Plan my week" }));
    const result = await screen.findByRole("region", { name: "Your plan for the next 7 days" });
    expect(server.callsTo("POST", "/api/plan").map((c) => c.body)).toEqual([{ days: 7 }]);
    expect(document.activeElement).toBe(
      within(result).getByRole("heading", { name: "Your plan for the next 7 days" }),
    );

    const placed = within(result).getByRole("list", { name: "Placed blocks" });
    const start = tomorrowAt(9);
    expect(within(placed).getByRole("listitem").textContent).toBe(
      `Write the report${start.toLocaleString({ weekday: "short", month: "short", day: "numeric" })} · ${new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).formatRange(start.toJSDate(), tomorrowAt(10, 30).toJSDate())}Your peak (9–12) — the hardest work of the day`.replace(
        /[\u202f\u2009]/g,
        " ",
      ),
    );
    const unplaced = within(result).getByRole("list", { name: "Tasks not placed" });
    expect(within(unplaced).getByRole("listitem").textContent).toBe(
      "Prepare slidesNeeds 6 h before Fri 27 Nov, 17:00; 3.5 h free.",
    );

    // the calendar synced: the block is in the event list, marked as the assistant's
    await waitFor(() =>
      expect(server.callsTo("GET", "/api/calendar-events").length).toBeGreaterThan(listsBefore),
    );
    const block = (await screen.findAllByText("Write the report"))
      .map((el) => el.closest("li")!)
      .find((li) => li.textContent?.includes("Planned by Sage"));
    expect(block).toBeTruthy();
    expect(await screen.findByText(/^Next block: /)).toBeTruthy();

    await user.click(within(result).getByRole("button", { name: "Close the plan summary" }));
    expect(screen.queryByRole("region", { name: "Your plan for the next 7 days" })).toBeNull();
  });

  it("a calendar that already holds the plan is told so, by Preview and by Plan my week", async () => {
    const server = fakeServer({
      tasks: [task({ id: REPORT, title: "Write the report" })],
      planHeld: true,
    });
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await screen.findAllByText("Write the report");
    await user.click(screen.getByRole("button", { name: "Preview plan" }));
    const proposal = await screen.findByRole("region", { name: "Nothing new to propose" });
    expect(proposal.textContent).toContain("Your calendar already holds this plan");
    expect(proposal.textContent).not.toContain("nothing new is written yet");
    const taskReads = server.callsTo("GET", "/api/tasks").length;
    await user.click(within(proposal).getByRole("button", { name: "Discard" }));
    // discarded: the server lets Sage re-plan by itself again, and the tasks are read again
    // (the calendar then reads the blocks that re-plan writes)
    await waitFor(() => expect(server.callsTo("POST", "/api/plan/discard")).toHaveLength(1));
    await waitFor(() =>
      expect(server.callsTo("GET", "/api/tasks").length).toBeGreaterThan(taskReads),
    );

    await user.click(screen.getByRole("button", { name: "Plan my week" }));
    const result = await screen.findByRole("region", { name: "Your plan for the next 7 days" });
    expect(result.textContent).toContain(
      "Your calendar already holds this plan — each says why it is where it is:",
    );
    expect(result.textContent).not.toMatch(/Placed \d/);
  });

  it("says why when planning fails", async () => {
    vi.stubGlobal("fetch", fakeServer({ planStatus: 429 }).fetchMock);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByText(/No open tasks/);
    await user.click(screen.getByRole("button", { name: "Plan my week" }));
    expect((await within(tasksRegion()).findByRole("alert")).textContent).toBe(
      "Couldn't plan your week: Rate limit exceeded. Please wait a moment and try again.",
    );
  });

  it("a passed block of an open task gets a neutral note, nothing red; a done task's block says so", async () => {
    const yesterday = DateTime.now().setZone(ZONE).minus({ days: 1 }).set({ hour: 9, minute: 0 });
    vi.stubGlobal(
      "fetch",
      fakeServer({
        tasks: [
          task({ id: REPORT, title: "Write the report" }),
          task({ id: INBOX, title: "Clear the inbox", status: "done" }),
        ],
        events: [
          serverEvent({
            id: "66666666-6666-4666-8666-666666666666",
            title: "Write the report",
            start_time: yesterday.toUTC().toISO(),
            end_time: yesterday.plus({ hours: 1 }).toUTC().toISO(),
            source: "assistant",
            task_id: REPORT,
          }),
          serverEvent({
            id: "77777777-7777-4777-8777-777777777777",
            title: "Clear the inbox",
            start_time: yesterday.set({ hour: 14 }).toUTC().toISO(),
            end_time: yesterday.set({ hour: 15 }).toUTC().toISO(),
            source: "assistant",
            task_id: INBOX,
          }),
        ],
      }).fetchMock,
    );
    renderPanel();
    const note = await screen.findByText(
      "Not done yet? That's fine — I'll find it a new time next plan.",
    );
    const item = note.closest("li")!;
    expect(item.textContent).toContain("Planned by Sage");
    expect(item.textContent).not.toMatch(/overdue|missed|late/i);
    // nothing but the Delete action is red (the block's priority is medium)
    const classes = [item, ...item.querySelectorAll("*")]
      .filter((el) => el.tagName !== "BUTTON")
      .map((el) => el.getAttribute("class") ?? "")
      .join(" ");
    expect(classes).not.toMatch(/red/);
    const doneBlock = screen
      .getAllByText("Clear the inbox")
      .map((el) => el.closest("li")!)
      .find((li) => li.textContent?.includes("Planned by Sage"))!;
    expect(doneBlock.textContent).toContain("Task done");
    expect(doneBlock.textContent).not.toContain("Not done yet");
  });
});
