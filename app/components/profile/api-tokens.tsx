// API tokens: create one with a label (its value is shown once, with a copy button), the list with
// when each was last used, and revoking one after a confirmation.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "../../../workers/domain/schemas/dates";
import { TimeAgo } from "../issue-detail/format";
import { ConfirmDialog } from "../dialog";
import { ShownOnce } from "../settings/shown-once";
import { FormError, Spinner, Field, buttonClass } from "../ui";
import {
  type ApiTokenListItem,
  type CreatedApiToken,
  CreateApiTokenForm,
  type ProfileActionData,
} from "~/lib/profile-contract";
import { IconKey } from "./icons";
import { useConfirmedRemoval, useSettled } from "./use-settled";

/** A new token's value, shown once. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  return <ShownOnce title={`Token "${created.label}" created`} value={created.token} valueLabel="New API token" onDone={onDone} />;
}

function CreateTokenForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "create-token" });
  const [form, fields] = useForm({
    id: "create-token",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateApiTokenForm }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  useSettled(fetcher, (answer) => {
    if (answer.created) onCreated(answer.created);
  });
  const creating = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/profile" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="create-token" />
      <FormError errors={form.errors} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="min-w-0 flex-1">
          <Field label="Token label" field={fields.label} placeholder="CI, deploy script, ..." autoComplete="off" />
        </div>
        <button type="submit" className={buttonClass("primary", "md", "shrink-0 sm:mt-7")} disabled={creating}>
          {creating ? <Spinner /> : null}
          {creating ? "Creating..." : "Create token"}
        </button>
      </div>
    </fetcher.Form>
  );
}

function TokenRow({ token }: { token: ApiTokenListItem }) {
  const { fetcher, confirming, setConfirming } = useConfirmedRemoval(`revoke-token-${token.id}`, { title: "Success!", message: "API token revoked." }, "Some error occurred");
  const revoking = fetcher.state !== "idle";
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-600">
        <IconKey size={15} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900">{token.label}</p>
        <p className="text-xs text-neutral-600">
          Created {formatDate(token.created_at)} ·{" "}
          {token.last_used_at ? (
            <>
              Last used <TimeAgo iso={token.last_used_at} />
            </>
          ) : (
            "Never used"
          )}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass("secondary", "sm", "text-red-700 hover:text-red-800")}
        onClick={() => setConfirming(true)}
        aria-label={`Revoke ${token.label}`}
      >
        Revoke
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Revoke API token?"
        description={
          <>
            Anything using <span className="font-medium text-neutral-800">{token.label}</span> will stop working at once. This
            cannot be undone.
          </>
        }
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoking}
        onConfirm={() => fetcher.submit({ intent: "revoke-token", token_id: token.id }, { method: "post", action: "/profile" })}
      />
    </li>
  );
}

export function ApiTokens({ tokens }: { tokens: ApiTokenListItem[] }) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  return (
    <div className="space-y-5">
      {created ? <NewToken created={created} onDone={() => setCreated(null)} /> : <CreateTokenForm onCreated={setCreated} />}
      {tokens.length === 0 ? (
        <p className="rounded-lg border border-dashed border-neutral-200 px-4 py-6 text-center text-sm text-neutral-500">
          No API tokens yet. Scripts and integrations send one in the <code className="font-mono">X-Api-Key</code> header.
        </p>
      ) : (
        <ul aria-label="API tokens" className="-my-3 divide-y divide-neutral-100">
          {tokens.map((token) => (
            <TokenRow key={token.id} token={token} />
          ))}
        </ul>
      )}
    </div>
  );
}
