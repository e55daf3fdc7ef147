// The signed-in account and its sign-out button, for pages outside a workspace.
import { Form } from "@remix-run/react";
import { IconLogout } from "./icons";
import { buttonClass } from "./ui";

export function SignedInAs({ email }: { email: string }) {
  return (
    <div className="flex items-center gap-3 text-sm text-neutral-500">
      <span className="hidden sm:inline">
        Signed in as <span className="font-medium text-neutral-700">{email}</span>
      </span>
      <Form method="post" action="/sign-out">
        <button type="submit" className={buttonClass("secondary", "sm")}>
          <IconLogout size={14} />
          Sign out
        </button>
      </Form>
    </div>
  );
}
