// API tokens: create one with a label, an access scope and an expiry (its value is shown once, with
// a copy button), the list with each one's scope, expiry and last use, and revoking one after a
// confirmation.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, DEFAULT_API_TOKEN_SCOPE, isExpired } from "../../../workers/domain/schemas/api-tokens";
import { DAY_MS, formatDate } from "../../../workers/domain/schemas/dates";
import { TimeAgo } from "../issue-detail/format";
import { ConfirmDialog } from "../dialog";
import { ShownOnce } from "../settings/shown-once";
import { FormError, Spinner, Field, buttonClass } from "../ui";
import {
  type ApiTokenListItem,
  type CreatedApiToken,
  CreateApiTokenForm,
  DEFAULT_TOKEN_EXPIRATION,
  type ProfileActionData,
  TOKEN_EXPIRATIONS,
} from "~/lib/profile-contract";
import { IconKey } from "./icons";
import { useConfirmedRemoval, useSettled } from "./use-settled";

/** A new token's value, shown once. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone(): void }) {
  return <ShownOnce title={`Token "${created.label}" created`} value={created.token} valueLabel="New API token" onDone={onDone} />;
}

/** The day `days` from today (UTC), YYYY-MM-DD: what a preset expiry sends. */
const dayIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

/** The token's scope and when it expires: a preset number of days, a date, or never. */
function ScopeAndExpiry({ fields }: { fields: ReturnType<typeof useForm<z.input<typeof CreateApiTokenForm>>>[1] }) {
  const [expiration, setExpiration] = useState<string>(fields.expiration.initialValue ?? DEFAULT_TOKEN_EXPIRATION);
  const days = Number(expiration);
  const presetDay = Number.isInteger(days) ? dayIn(days) : null;
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Field as="select" label="Access" field={fields.scope} defaultValue={fields.scope.initialValue ?? DEFAULT_API_TOKEN_SCOPE}>
        {API_TOKEN_SCOPES.map((scope) => (
          <option key={scope} value={scope}>
            {API_TOKEN_SCOPE_LABELS[scope]}
          </option>
        ))}
      </Field>
      <Field
        as="select"
        label="Expiration"
        field={fields.expiration}
        value={expiration}
        onChange={(event) => setExpiration(event.target.value)}
        description={presetDay ? `Expires on ${formatDate(presetDay)}.` : expiration === "never" ? "Works until you revoke it." : undefined}
      >
        {TOKEN_EXPIRATIONS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Field>
      {presetDay ? <input type="hidden" name={fields.expires_at.name} value={presetDay} /> : null}
      {expiration === "custom" ? <Field label="Expires on" type="date" field={fields.expires_at} min={dayIn(1)} /> : null}
    </div>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(token: CreatedApiToken): void }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "create-token" });
  const [form, fields] = useForm<z.input<typeof CreateApiTokenForm>>({
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
      <Field label="Token label" field={fields.label} placeholder="CI, deploy script, ..." autoComplete="off" />
      <ScopeAndExpiry fields={fields} />
      <button type="submit" className={buttonClass("primary", "md")} disabled={creating}>
        {creating ? <Spinner /> : null}
        {creating ? "Creating..." : "Create token"}
      </button>
    </fetcher.Form>
  );
}

/** "Expires Dec 29, 2026", "Expired Nov 2, 2026" or "Never expires". */
function expiryText(expiresAt: string | null) {
  if (!expiresAt) return "Never expires";
  return `${isExpired(expiresAt) ? "Expired" : "Expires"} ${formatDate(expiresAt)}`;
}

function TokenRow({ token }: { token: ApiTokenListItem }) {
  const { fetcher, confirming, setConfirming } = useConfirmedRemoval(`revoke-token-${token.id}`, { title: "Success!", message: "API token revoked." }, "Some error occurred");
  const revoking = fetcher.state !== "idle";
  const expired = isExpired(token.expires_at);
  return (
    <li className="flex items-center gap-3 py-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-neutral-100 text-neutral-600">
        <IconKey size={15} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium text-neutral-900">{token.label}</span>
          <span className="shrink-0 rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] font-medium text-neutral-600">{API_TOKEN_SCOPE_LABELS[token.scope]}</span>
        </p>
        <p className="text-xs text-neutral-600">
          <span className={expired ? "font-medium text-red-600 dark:text-red-400" : undefined}>{expiryText(token.expires_at)}</span> ·{" "}
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
