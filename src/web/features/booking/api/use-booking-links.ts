import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  BookingLink,
  CreateBookingLinkInput,
  UpdateBookingLinkInput,
} from "../../../../core/contract/booking.ts";
import { call } from "../../../lib/client.ts";
import { calendarChanged } from "../../../lib/server-state.ts";

export const bookingKeys = {
  links: ["booking-links"] as const,
  bookings: ["bookings"] as const,
};

/** The person's booking links, newest first as the server lists them. */
export function useBookingLinks() {
  return useQuery({
    queryKey: bookingKeys.links,
    queryFn: () => call("listBookingLinks").then((r) => r.links),
  });
}

/** The bookings guests made on the person's links (the newest 200, the server's cap). */
export function useBookings() {
  return useQuery({
    queryKey: bookingKeys.bookings,
    queryFn: () => call("listBookings").then((r) => r.bookings),
  });
}

/**
 * Create, change, pause and delete links; cancel a booking. A cancelled booking's event
 * leaves the calendar, so the calendar is asked again wherever it is shown.
 */
export function useBookingMutations() {
  const queryClient = useQueryClient();
  const linksChanged = () => queryClient.invalidateQueries({ queryKey: bookingKeys.links });
  const create = useMutation({
    mutationFn: (body: CreateBookingLinkInput) =>
      call("createBookingLink", { body }).then((r) => r.link),
    onSettled: linksChanged,
  });
  const update = useMutation({
    mutationFn: ({ link, input }: { link: BookingLink; input: UpdateBookingLinkInput }) =>
      call("updateBookingLink", { params: { id: link.id }, body: input }).then((r) => r.link),
    onSettled: linksChanged,
  });
  const remove = useMutation({
    mutationFn: (link: BookingLink) => call("deleteBookingLink", { params: { id: link.id } }),
    onSettled: linksChanged,
  });
  const cancel = useMutation({
    mutationFn: (id: string) => call("cancelBooking", { params: { id } }).then((r) => r.booking),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.bookings }),
        calendarChanged(queryClient),
      ]),
  });
  return { create, update, remove, cancel };
}
