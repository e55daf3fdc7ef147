// "/{slug}/settings/billing": what each way of running the tracker gives. There is nothing to
// pay through the app: self-hosting runs on the team's own Cloudflare account, and the free tier
// is Cloudflare's own free plan with its published limits.
import type { MetaFunction } from "@remix-run/cloudflare";
import { IconCheck } from "~/components/icons";
import { SettingsSection, SettingsTitle } from "~/components/settings/section";

export const meta: MetaFunction = () => [{ title: "Billing and Plans · Workspace settings" }];

const PLANS = [
  {
    name: "Self-hosted",
    price: "Your own Cloudflare account",
    summary: "Deploy the Worker with wrangler to your account; you pay Cloudflare directly for what you use, if anything.",
    features: [
      "Every feature: issues, cycles, modules, pages, views, live boards",
      "No limit on members, projects or issues",
      "Your data stays in your own D1 database and R2 bucket",
      "Importers and integrations with your own GitHub and Slack apps",
    ],
  },
  {
    name: "Cloudflare free tier",
    price: "Free",
    summary: "The same app on Cloudflare's Workers Free plan, for small teams; its limits are Cloudflare's.",
    features: [
      "10 ms of CPU time per request, 100,000 requests a day",
      "D1 databases of up to 500 MB each",
      "R2 storage for attachments, covers and logos (files of at most 5 MB)",
      "Live boards on Durable Objects that sleep when idle",
    ],
  },
];

export default function WorkspaceBilling() {
  return (
    <div className="space-y-6">
      <SettingsTitle title="Billing and Plans" description="What each way of running the tracker gives. There is no payment to make here." />
      <div className="grid gap-4 sm:grid-cols-2">
        {PLANS.map((plan) => (
          <SettingsSection key={plan.name} label={plan.name}>
            <h2 className="text-base font-semibold text-neutral-900">{plan.name}</h2>
            <p className="text-sm font-medium text-brand-700 dark:text-brand-400">{plan.price}</p>
            <p className="mt-2 text-sm text-neutral-600">{plan.summary}</p>
            <ul className="mt-4 space-y-2">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2 text-sm text-neutral-700">
                  <IconCheck size={16} className="mt-0.5 shrink-0 text-green-700 dark:text-green-400" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
          </SettingsSection>
        ))}
      </div>
      <p className="text-xs text-neutral-600">
        Cloudflare's figures are the ones it publishes for its plans and can change; its pricing pages have the current ones.
      </p>
    </div>
  );
}
