import { MONTHLY_LIMITS, WHAT_COUNTS } from "../../core/plans.ts";
import { LegalPage } from "../features/legal/components/legal-page.tsx";
import { Link } from "../lib/router.tsx";
import { SUPPORT_EMAIL } from "../lib/support-contact.ts";

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These terms cover your use of Sage, a personal AI assistant that plans your calendar. By
        using Sage you agree to them. If you don't agree, please don't use the service.
      </p>

      <h2>The service</h2>
      <p>
        Sage asks about how you work and suggests a schedule: time blocks, buffers and the order of
        your tasks. You can try the free preview without an account. Saved chats, the monthly
        allowance and the calendar feed need you to sign in with Google. You must be at least 16
        years old to create an account.
      </p>

      <h2>AI suggestions are suggestions</h2>
      <p>
        Sage's replies are written by an AI model or by Sage's built-in assistant. They can be wrong
        or incomplete. Check anything important, such as deadlines, appointments, travel times or
        commitments to other people, before you rely on it. Sage does not give medical, legal,
        financial or mental-health advice; for those, please talk to a qualified person.
      </p>

      <h2>Plans, allowance and payment</h2>
      <ul>
        <li>
          The free plan includes {MONTHLY_LIMITS.free} messages a month. Starter ($5 a month)
          includes {MONTHLY_LIMITS.starter} and calendar integration; Pro ($10 a month) is unlimited
          within fair use. Allowances reset on the 1st of each month (UTC).
        </li>
        <li>
          {WHAT_COUNTS.counts} {WHAT_COUNTS.always} {WHAT_COUNTS.builtIn}
        </li>
        <li>
          Paid plans renew monthly through Stripe until you cancel. You can cancel or change your
          plan at any time from the billing portal; a cancelled plan stays active until the end of
          the period you've paid for, and we don't charge you again.
        </li>
        <li>
          If we change a price, we'll tell you in the app before it applies to your next billing
          period.
        </li>
      </ul>

      <h2>Your content</h2>
      <p>
        What you write to Sage and the plans it makes for you are yours. You give us permission to
        store and process them only to run the service for you, as described in the{" "}
        <Link to="/privacy">Privacy Policy</Link>. You can export or delete them at any time.
      </p>

      <h2>Fair use</h2>
      <ul>
        <li>Don't use Sage to break the law or to harm, harass or deceive anyone.</li>
        <li>
          Don't try to get around the allowance, the rate limits or the vote counting, or to reach
          other people's data.
        </li>
        <li>Don't resell the service or overload it with automated requests.</li>
      </ul>
      <p>
        We may suspend an account that breaks these rules; where we can, we'll tell you why first.
      </p>

      <h2>Availability</h2>
      <p>
        We work to keep Sage running and your data safe, but we can't promise it will never be
        unavailable or error-free. Sage is provided as is, to the extent the law allows; nothing in
        these terms limits rights you have under consumer law that cannot be limited.
      </p>

      <h2>Ending</h2>
      <p>
        You can stop using Sage and delete your account at any time from your profile. If we ever
        close the service, we'll give you notice and time to export your data, and we'll stop
        charging you.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
