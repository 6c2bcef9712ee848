import { BookingPage } from "../features/booking/components/booking-page.tsx";
import { useLocation } from "../lib/router.tsx";

/** /book/<slug>: the public page of a booking link (prerendered; data fetched on the page). */
export default function BookPage() {
  const { pathname } = useLocation();
  // the router matched /book/* case-insensitively; the slug itself is case-sensitive
  const slug = decodeURIComponent(pathname.split("/")[2] ?? "");
  return <BookingPage key={slug} slug={slug} />;
}
