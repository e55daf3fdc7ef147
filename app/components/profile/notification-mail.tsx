// Which notification mail the person gets: instant mail when someone mentions or assigns them, and
// a digest of everything else every few hours (or never). Each change saves at once.
import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useToast } from "../toast";
import { Switch, inputClass, labelClass } from "../ui";
import type { ProfileActionData, ProfilePageData } from "~/lib/profile-contract";
import { DIGEST_HOURS, DIGEST_LABEL } from "../../../workers/domain/schemas/notification-mail";
import { useSettled } from "./use-settled";

type Preferences = ProfilePageData["notificationMail"];

export function NotificationMail({ preferences }: { preferences: Preferences }) {
  const fetcher = useFetcher<ProfileActionData>({ key: "notification-mail" });
  const toast = useToast();
  const instantLabel = useId();
  const digestId = useId();
  useSettled(
    fetcher,
    (answer) => {
      if (answer.ok) toast.show({ type: "success", title: "Saved", message: "Your notification mail settings are saved." });
    },
    { message: "Could not save your notification mail settings." },
  );
  // While a change is on its way, show it; a refusal shows the saved choice again.
  const sending = fetcher.formData;
  const shown: Preferences = sending
    ? { instant: sending.get("instant") === "on", digest_hours: Number(sending.get("digest_hours")) as Preferences["digest_hours"] }
    : preferences;
  const save = (next: Preferences) =>
    fetcher.submit(
      { intent: "update-notification-mail", instant: next.instant ? "on" : "", digest_hours: String(next.digest_hours) },
      { method: "post", action: "/profile" },
    );

  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-4">
        <div>
          <p id={instantLabel} className="text-sm font-medium text-neutral-900">
            Mentions and assignments
          </p>
          <p className="mt-0.5 text-sm text-neutral-500">A mail as soon as someone mentions you or assigns you an issue, unless you have read it here first.</p>
        </div>
        <Switch checked={shown.instant} labelledBy={instantLabel} onChange={(instant) => save({ ...shown, instant })} />
      </div>
      <div className="grid gap-1 sm:grid-cols-2 sm:items-center">
        <div>
          <label htmlFor={digestId} className={labelClass}>
            Digest of everything else
          </label>
          <p className="text-sm text-neutral-500">New states, priorities and comments on issues you follow, in one mail.</p>
        </div>
        <select
          id={digestId}
          className={inputClass}
          value={shown.digest_hours}
          onChange={(event) => save({ ...shown, digest_hours: Number(event.target.value) as Preferences["digest_hours"] })}
        >
          {DIGEST_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {DIGEST_LABEL[hours]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
