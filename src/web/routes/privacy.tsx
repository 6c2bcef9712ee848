import { LegalPage } from "../features/legal/components/legal-page.tsx";
import { SUPPORT_EMAIL } from "../lib/support-contact.ts";

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        Sage is a personal AI assistant that plans your calendar. This page says exactly what we
        store, why, who else sees it, and how you take it with you or remove it. The short version:
        we keep what the product needs to work for you, we never sell it, and we make our money from
        subscriptions.
      </p>

      <h2>What we store when you use Sage without an account</h2>
      <ul>
        <li>
          <strong>Your answers to the free preview</strong> (the calendar questionnaire, the fitness
          assessment and the quick setup) are sent to our server to build your profile and are not
          stored unless you are signed in.
        </li>
        <li>
          <strong>Votes for upcoming assistants.</strong> A random, anonymous voter id is kept in a
          cookie (<code>sage_voter</code>, one year) so each browser counts once per assistant. If
          your browser refuses cookies we use a keyed hash of your network address instead; the
          address itself is never stored with your vote. Your browser's session storage remembers
          which assistants you voted for until you close the tab.
        </li>
        <li>
          <strong>Abuse protection and troubleshooting.</strong> To stop scripts from flooding the
          service, we count requests per network address in short time windows, and our server logs
          record the address, method and page of each request so we can find faults.
        </li>
      </ul>

      <h2>What we store when you sign in</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your e-mail address and your Google account id, which
          Google gives us when you sign in with Google.
        </li>
        <li>
          <strong>Sign-in sessions:</strong> one per device, kept as a secure cookie (
          <code>sage_session</code>). We store only a hash of its secret and when it expires. While
          a Google sign-in is in progress (at most ten minutes), a second cookie ties it to your
          browser.
        </li>
        <li>
          <strong>Your profile:</strong> plan, subscription status, the number of messages used this
          month and your limit, your time zone, and, if you subscribe, your payment provider's
          customer and subscription ids and the end of the current billing period.
        </li>
        <li>
          <strong>What you tell your assistants:</strong> your questionnaire answers, the profile
          summaries built from them, your scheduling preferences, your conversations (each message
          you send and each reply), the tasks you ask Sage to plan and your calendar events.
        </li>
        <li>
          <strong>Usage records:</strong> when you used the assistant, for which area, and how many
          model tokens it cost, so we can enforce the monthly allowance and see what the service
          costs to run.
        </li>
      </ul>

      <h2>Why we use it</h2>
      <p>
        Only to run Sage for you: to sign you in, to give your assistant the context it needs to
        plan realistic days, to keep your calendar feed up to date, to count your monthly allowance
        and to bill your subscription. We do not use your data for advertising, we do not build
        profiles for anyone else, and <strong>we never sell your data</strong>.
      </p>

      <h2>Outside services, and only when they are configured</h2>
      <ul>
        <li>
          <strong>Google</strong> handles sign-in. We receive your e-mail address and account id; we
          do not get access to your Google Calendar, mail or files.
        </li>
        <li>
          <strong>An AI model provider</strong> (an OpenAI-compatible service) writes replies when
          one is configured. The message you send, recent messages from the same conversation and
          your assistant's profile summary are sent to it to produce each reply, and your answers to
          the questionnaires are sent to it to write your profile. When no provider is configured,
          Sage's built-in assistant runs on our own server and nothing leaves it.
        </li>
        <li>
          <strong>Stripe</strong> processes payments for paid plans. Your card details go directly
          to Stripe and never reach our servers; Stripe tells us the state of your subscription.
        </li>
      </ul>

      <h2>Your calendar feed</h2>
      <p>
        Sage puts its plans into Google Calendar or Apple Calendar through a private feed address
        that your calendar app subscribes to. Anyone who has that address can read the events in it,
        so keep it to yourself. You can replace it with a new one at any time, and the old address
        stops working at once.
      </p>

      <h2>Export or delete your data</h2>
      <ul>
        <li>
          <strong>Export:</strong> in the app, open your profile and choose <em>Export my data</em>{" "}
          to download everything we store about you as a JSON file.
        </li>
        <li>
          <strong>Delete:</strong> in your profile, choose <em>Delete my account</em>. This removes
          every record tied to your account (profile, conversations, answers, tasks, events, usage
          records and sessions), cancels any subscription and switches off your calendar feed.
          Anonymous votes are not linked to you and stay in the counts.
        </li>
        <li>
          <strong>One thing stays until the end of the month:</strong> the number of messages you
          used this month, so that deleting your account and signing up again does not reset the
          monthly allowance. We keep it under a one-way hash of your e-mail address (not the address
          itself), with the month and the count — nothing else, and nothing that leads back to your
          deleted account. It is used only if an account with the same address is created in the
          same month, and it is erased once the month is over.
        </li>
        <li>
          If you cannot sign in any more, write to{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> from the address on the account
          and we will do it for you.
        </li>
      </ul>

      <h2>How long we keep it</h2>
      <p>
        Account data is kept for as long as your account exists and removed when you delete it,
        except the month's message count described above, which is erased when the month ends.
        Sign-in sessions expire on their own. Payment records that the law requires us to keep are
        held by Stripe, not by us.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about privacy: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. If we
        change this policy in a way that matters, we will say so in the app before it applies.
      </p>
    </LegalPage>
  );
}
