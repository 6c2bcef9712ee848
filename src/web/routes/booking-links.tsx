import { SignedInPage } from "../components/signed-in-page.tsx";
import { BookingLinksScreen } from "../features/booking/components/booking-links-screen.tsx";

/** /booking-links: the links a person shares for others to book a time, and those bookings. */
export default function BookingLinksPage() {
  return (
    <SignedInPage
      title="Booking links"
      lead="Share a link; others book a time that costs you least. Sage keeps your best hours for your own work."
    >
      <BookingLinksScreen />
    </SignedInPage>
  );
}
