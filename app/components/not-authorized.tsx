// The settings authorisation screen: guests and viewers who open workspace or project settings
// see who they are signed in as, a way to sign in with another account, and a way back.
import { Form, Link } from "@remix-run/react";
import { IconLock } from "./icons";
import { InlineState } from "./shell-states";
import { buttonClass } from "./ui";

export function NotAuthorized({ email, action }: { email: string | null; action: { label: string; to: string } }) {
  return (
    <InlineState
      icon={<IconLock size={24} />}
      title="Oops! You are not authorized to view this page"
      description={
        email ? (
          <>
            You are signed in as <span className="font-medium text-neutral-700">{email}</span>.{" "}
            <Form method="post" action="/sign-out" className="inline">
              <button type="submit" className="font-medium text-brand-600 hover:underline dark:text-brand-400">
                Sign in with a different account
              </button>
            </Form>
          </>
        ) : (
          <Link to="/" className="font-medium text-brand-600 hover:underline dark:text-brand-400">
            Sign in
          </Link>
        )
      }
    >
      <Link to={action.to} className={buttonClass("primary")}>
        {action.label}
      </Link>
    </InlineState>
  );
}
