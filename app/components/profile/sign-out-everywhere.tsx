// The profile page's sessions card: one button that ends every session of the account, this
// browser's included, and lands on sign-in.
import { Form } from "@remix-run/react";
import { IconLogout } from "../icons";
import { buttonClass } from "../ui";

export function SignOutEverywhere() {
  return (
    <Form method="post" action="/sign-out">
      <input type="hidden" name="scope" value="all" />
      <button type="submit" className={buttonClass("secondary", "sm")}>
        <IconLogout size={14} />
        Sign out of all sessions
      </button>
    </Form>
  );
}
