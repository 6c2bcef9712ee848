import { FITNESS_QUESTIONS } from "../../../../core/fitness/questions.ts";
import { Button } from "../../../components/button.tsx";

/** The intro: how many questions (counted from the list the flow asks) and about 2 minutes. */
export function FitnessIntro({ onStart }: { onStart: () => void }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-sm font-semibold uppercase tracking-wide text-sage-700">
        Fitness assessment
      </p>
      <h1 className="mt-3 text-3xl font-black tracking-tight text-stone-900 sm:text-4xl">
        Get your personalized fitness program
      </h1>
      <p className="mt-4 max-w-xl text-lg text-stone-700">
        Answer {FITNESS_QUESTIONS.length} quick questions about your goals, experience and schedule,
        and get a program built around the way you live.
      </p>
      <ul className="mt-6 flex flex-wrap justify-center gap-3 text-sm text-stone-700">
        <li className="rounded-full bg-sage-50 px-3 py-1">Takes about 2 minutes</li>
        <li className="rounded-full bg-sage-50 px-3 py-1">Free preview, no signup required</li>
      </ul>
      <Button className="mt-8" onClick={onStart}>
        Start Assessment
      </Button>
    </section>
  );
}
