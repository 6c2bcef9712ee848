import { SignedInPage } from "../components/signed-in-page.tsx";
import { SavedProgram } from "../features/fitness/components/saved-program.tsx";

/** /fitness/program: the fitness program the person saved, and "Add to my calendar". */
export default function FitnessProgramPage() {
  return (
    <SignedInPage
      title="Your fitness program"
      lead="The program you saved, and its place in your week."
    >
      <div className="mt-6">
        <SavedProgram />
      </div>
    </SignedInPage>
  );
}
