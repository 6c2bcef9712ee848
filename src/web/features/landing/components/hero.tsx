import { PRODUCTIVITY_QUESTION_COUNT } from "../../../../core/question-counts.ts";
import { Button } from "../../../components/button.tsx";

export const CALENDAR_SECTION_ID = "calendar-intelligence";

/** Scrolls to the calendar section and moves keyboard focus there too. */
function goToCalendarSection() {
  const heading = document.getElementById(`${CALENDAR_SECTION_ID}-heading`);
  if (!heading) return;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  heading.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
  heading.focus({ preventScroll: true });
}

export function Hero() {
  return (
    <section className="bg-gradient-to-b from-sage-100 to-stone-50 px-4 pb-16 pt-14 sm:pb-24 sm:pt-20">
      <div className="mx-auto max-w-4xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-sage-800">
          Calendar intelligence
        </p>
        <h1 className="mt-3 text-4xl font-black tracking-tight text-stone-900 sm:text-6xl">
          An AI that manages your calendar the way you actually work
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-stone-700">
          Answer {PRODUCTIVITY_QUESTION_COUNT} questions about your energy, your days and what you
          tend to put off. Sage turns them into realistic time blocks, with buffer time, placed at
          the hours you do your best work, and into your Google or Apple Calendar.
        </p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <Button className="px-6 py-3 text-base" onClick={goToCalendarSection}>
            Get my free calendar preview
          </Button>
          <p className="text-sm text-stone-700">Free preview - No signup required</p>
        </div>
      </div>
    </section>
  );
}
