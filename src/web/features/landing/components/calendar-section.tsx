import { buttonClass } from "../../../components/button.tsx";
import { Link } from "../../../lib/router.tsx";
import { CALENDAR_SECTION_ID } from "./hero.tsx";

const SAMPLE_DAY = [
  { time: "9:00", title: "Proposal draft", note: "Deep work at your peak", kind: "focus" },
  { time: "10:30", title: "Buffer", note: "Room for overruns", kind: "buffer" },
  { time: "11:00", title: "Team check-in", note: "Existing meeting", kind: "event" },
  { time: "13:30", title: "Email and admin", note: "Low-energy slot", kind: "light" },
  { time: "15:00", title: "Call the landlord", note: "10-minute first step", kind: "light" },
] as const;

const KIND_STYLE: Record<(typeof SAMPLE_DAY)[number]["kind"], string> = {
  focus: "border-sage-700 bg-sage-100",
  buffer: "border-dashed border-stone-400 bg-white",
  event: "border-stone-400 bg-stone-100",
  light: "border-amber-600 bg-amber-50",
};

export function CalendarSection() {
  return (
    <section
      id={CALENDAR_SECTION_ID}
      aria-labelledby={`${CALENDAR_SECTION_ID}-heading`}
      className="scroll-mt-4 px-4 py-16 sm:py-20"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
        <div>
          <h2
            id={`${CALENDAR_SECTION_ID}-heading`}
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight text-stone-900"
          >
            Calendar Intelligence
          </h2>
          <p className="mt-4 text-stone-700">
            Tell Sage when your energy peaks, how your days are shaped and what you avoid. It builds
            a scheduling profile and plans your tasks around the meetings you already have.
          </p>
          <ul className="mt-6 space-y-3 text-stone-800">
            <li>
              <strong>Realistic time blocks</strong>, sized to how long you can really focus.
            </li>
            <li>
              <strong>Buffer time</strong> between blocks, so one overrun doesn't wreck the day.
            </li>
            <li>
              <strong>Energy-aware scheduling</strong>: hard work at your peak, admin in the dip.
            </li>
            <li>
              <strong>Automatic updates</strong> to your calendar when plans change.
            </li>
          </ul>
          <Link to="/productivity" className={buttonClass("primary", "mt-8 px-6 py-3 text-base")}>
            Start my free calendar preview
          </Link>
        </div>
        <figure className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm">
          <figcaption className="text-sm font-semibold text-stone-700">
            A Tuesday, planned by Sage
          </figcaption>
          <ol className="mt-4 space-y-2">
            {SAMPLE_DAY.map((block) => (
              <li
                key={block.time}
                className={`flex gap-4 rounded-xl border-l-4 px-3 py-2 ${KIND_STYLE[block.kind]}`}
              >
                <span className="w-12 shrink-0 text-sm font-semibold text-stone-700">
                  {block.time}
                </span>
                <span>
                  <span className="block text-sm font-semibold text-stone-900">{block.title}</span>
                  <span className="block text-xs text-stone-700">{block.note}</span>
                </span>
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </section>
  );
}
