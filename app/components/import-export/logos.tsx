// The providers' marks on the import-export page, the wizards' headers and the integration cards,
// drawn inline so the pages load no images.
import type { ImportServiceName } from "../../../workers/domain/schemas/importers";
import type { IntegrationProvider } from "../../../workers/domain/schemas/integration-texts";

export function GithubLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" className="text-neutral-900" fill="currentColor">
      <path d="M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.01 8.01 0 0 0 16 8c0-4.42-3.58-8-8-8z" />
    </svg>
  );
}

export function JiraLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path d="M29.4 15.2 17.1 2.9 16 1.8 6.7 11.1l-4.1 4.1a1.1 1.1 0 0 0 0 1.6l8.4 8.4 5 5 9.3-9.3.1-.1 4-4a1.1 1.1 0 0 0 0-1.6ZM16 20.2 11.8 16 16 11.8l4.2 4.2Z" fill="#2684FF" />
      <path d="M16 11.8a7 7 0 0 1 0-9.9L6.8 11.1l5 5Z" fill="#0052CC" />
      <path d="m20.2 16-4.2 4.2a7 7 0 0 1 0 9.9l9.2-9.2Z" fill="#0065FF" />
    </svg>
  );
}

/** A sheet with its format written on it (CSV, JSON). */
export function FileLogo({ label, size = 32, tone = "emerald" }: { label: string; size?: number; tone?: "emerald" | "amber" }) {
  const fill = tone === "emerald" ? "#059669" : "#b45309";
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path d="M7 2h12l7 7v19a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z" fill={fill} />
      <path d="M19 2v5a2 2 0 0 0 2 2h5Z" fill="#fff" opacity=".45" />
      <text x="15.5" y="23" textAnchor="middle" fontSize={label.length > 3 ? 6.5 : 7.5} fontWeight="700" fill="#fff" fontFamily="ui-sans-serif, system-ui, sans-serif">
        {label}
      </text>
    </svg>
  );
}

export const SERVICE_TITLES: Record<ImportServiceName, string> = { github: "GitHub", jira: "Jira", csv: "CSV" };

export function ServiceLogo({ service, size = 32 }: { service: ImportServiceName; size?: number }) {
  if (service === "github") return <GithubLogo size={size} />;
  if (service === "jira") return <JiraLogo size={size} />;
  return <FileLogo label="CSV" size={size} />;
}

export function SlackLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 54 54" aria-hidden="true">
      <path d="M19.712.133a5.381 5.381 0 0 0-5.376 5.387 5.381 5.381 0 0 0 5.376 5.386h5.376V5.52A5.381 5.381 0 0 0 19.712.133m0 14.365H5.376A5.381 5.381 0 0 0 0 19.884a5.381 5.381 0 0 0 5.376 5.387h14.336a5.381 5.381 0 0 0 5.376-5.387 5.381 5.381 0 0 0-5.376-5.386" fill="#36C5F0" />
      <path d="M53.76 19.884a5.381 5.381 0 0 0-5.376-5.386 5.381 5.381 0 0 0-5.376 5.386v5.387h5.376a5.381 5.381 0 0 0 5.376-5.387m-14.336 0V5.52A5.381 5.381 0 0 0 34.048.133a5.381 5.381 0 0 0-5.376 5.387v14.364a5.381 5.381 0 0 0 5.376 5.387 5.381 5.381 0 0 0 5.376-5.387" fill="#2EB67D" />
      <path d="M34.048 54a5.381 5.381 0 0 0 5.376-5.387 5.381 5.381 0 0 0-5.376-5.386h-5.376v5.386A5.381 5.381 0 0 0 34.048 54m0-14.365h14.336a5.381 5.381 0 0 0 5.376-5.386 5.381 5.381 0 0 0-5.376-5.387H34.048a5.381 5.381 0 0 0-5.376 5.387 5.381 5.381 0 0 0 5.376 5.386" fill="#ECB22E" />
      <path d="M0 34.249a5.381 5.381 0 0 0 5.376 5.386 5.381 5.381 0 0 0 5.376-5.386v-5.387H5.376A5.381 5.381 0 0 0 0 34.25m14.336-.001v14.364A5.381 5.381 0 0 0 19.712 54a5.381 5.381 0 0 0 5.376-5.387V34.25a5.381 5.381 0 0 0-5.376-5.387 5.381 5.381 0 0 0-5.376 5.387" fill="#E01E5A" />
    </svg>
  );
}

/** A provider's mark on its white tile, as the integration cards show it (large on the workspace's). */
export function ProviderMark({ provider, large = false }: { provider: IntegrationProvider; large?: boolean }) {
  const size = large ? 28 : 24;
  return (
    <span
      className={`flex ${large ? "size-12" : "size-10"} shrink-0 items-center justify-center rounded-lg border border-neutral-200 bg-white dark:bg-neutral-100`}
      aria-hidden="true"
    >
      {provider === "github" ? <GithubLogo size={size} /> : <SlackLogo size={size} />}
    </span>
  );
}
