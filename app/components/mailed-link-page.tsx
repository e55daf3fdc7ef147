// The page a mailed link opens (verify an address, confirm a new one, sign in): the link acts only
// when the button is pressed, never on opening, because mail scanners open every link they see.
// It shows what the link did once it has, or why it cannot.
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { AuthLayout, authLinkClass } from "~/components/auth-layout";
import { FormError, FormNotice, buttonClass } from "~/components/ui";

export function MailedLinkPage(props: {
  title: string;
  subtitle: string;
  buttonLabel: string;
  busyLabel: string;
  /** Why the link did not work (used, expired, replaced), from the action. */
  error: string | null;
  /** What the link did, once it has; the page then offers `continueTo`. */
  done: ReactNode | null;
  continueTo: string;
  /** The way out without using the link. */
  skip: { label: string; to: string };
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <AuthLayout title={props.title} subtitle={props.subtitle}>
      {props.done ? (
        <div className="space-y-5">
          <FormNotice>{props.done}</FormNotice>
          <Link to={props.continueTo} className={buttonClass("primary", "md", "w-full")}>
            Continue
          </Link>
        </div>
      ) : (
        <Form method="post" className="space-y-5">
          <FormError errors={props.error ? [props.error] : null} />
          <button type="submit" className={buttonClass("primary", "md", "w-full")} disabled={busy}>
            {busy ? props.busyLabel : props.buttonLabel}
          </button>
          <p className="text-center text-sm">
            <Link to={props.skip.to} className={authLinkClass}>
              {props.skip.label}
            </Link>
          </p>
        </Form>
      )}
    </AuthLayout>
  );
}
