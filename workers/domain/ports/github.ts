// What the domain asks of GitHub, in its own words: reading the REST API (as the GitHub App's
// installation or with a person's token), and the app's installation round trip (is it set up,
// where to install it, who installed it). The clients under workers/importers/github and
// workers/integrations/github implement it and fail with the source error kinds
// (ports/source-errors.ts).

/** The pages a Link header names (rel=next, rel=last), by page number. */
export interface PageLinks {
  next: number | null;
  last: number | null;
}

export interface GithubAnswer<T> {
  body: T;
  links: PageLinks;
}

export interface GetOptions {
  /** What to tell the person when GitHub answers 404 (the thing asked for, in words). */
  notFound?: string;
}

/** GitHub's REST API as the wizards read it; throws SourceRateLimited, SourceUnavailable or SourceRefused. */
export interface GithubReader {
  /** GETs `path` with `query`. */
  get<T>(path: string, query?: Record<string, string | number>, options?: GetOptions): Promise<GithubAnswer<T>>;
  /** How many items a paged listing holds. */
  countOf(path: string, query?: Record<string, string | number>, options?: GetOptions): Promise<number>;
}

/** An installation as GitHub describes it (the part the tracker keeps). */
export interface GithubInstallation {
  id: number;
  account: { login: string; id: number; type: string; avatar_url: string };
}

export interface GithubPort {
  /** Reads as the GitHub App's installation (its tokens minted as needed). */
  asInstallation(installationId: number): GithubReader;
  /** Reads with a personal access token. */
  withToken(token: string): GithubReader;
  /** Whether the app can be installed here: the app and its OAuth client are both set up. */
  installConfigured(): boolean;
  /** GitHub's page that installs the app; `state` comes back to the setup callback. */
  installUrl(state: string): string;
  /** The user access token for the code the setup callback got; SourceRefused when GitHub refuses it. */
  exchangeUserCode(code: string): Promise<string>;
  /** The installation, when the token's person may administer it; null otherwise. */
  userInstallation(userToken: string, installationId: number): Promise<GithubInstallation | null>;
  /** Drops the installation's cached token (the app was removed or moved to another installation). */
  forgetInstallationToken(installationId: number): void;
}
