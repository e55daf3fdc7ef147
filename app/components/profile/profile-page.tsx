// The profile page outside the workspace shell: a way back to the workspace, then the profile,
// password, sessions and API token cards.
import { Link } from "@remix-run/react";
import { APPEARANCE_PATH } from "~/lib/appearance-contract";
import type { ProfileLoaderData } from "~/lib/profile-contract";
import { ApiTokens } from "./api-tokens";
import { EmailForm } from "./email-form";
import { PasswordForm } from "./password-form";
import { ProfileHeader } from "./profile-header";
import { ProfileDetailsForm } from "./profile-form";
import { NotificationMail } from "./notification-mail";
import { ProfileSection } from "./section";
import { Sessions } from "./sessions";
import { VerifyAddress } from "./verify-address";

export function ProfilePage({ data }: { data: ProfileLoaderData }) {
  return (
    <div className="min-h-screen bg-neutral-50">
      <ProfileHeader email={data.profile.email} back={data.back && data.workspace ? { to: data.back, name: data.workspace.name } : null} />
      <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Profile settings</h1>
          <p className="mt-1 text-sm text-neutral-500">Your name and avatar as your teammates see them, your password, notification mail, where you're signed in and your API tokens.</p>
        </div>
        {data.emailVerified ? null : (
          <ProfileSection id="verify-email" title="Verify your email address" description="Your address is not verified yet.">
            <VerifyAddress email={data.profile.email} />
          </ProfileSection>
        )}
        <ProfileSection id="profile" title="Profile" description="Shown to the members of your workspaces.">
          <ProfileDetailsForm profile={data.profile} />
        </ProfileSection>
        <ProfileSection id="email" title="Email address" description="Where your mail goes and what you sign in with. The new address must confirm the change.">
          <EmailForm email={data.profile.email} pendingEmail={data.pendingEmail} />
        </ProfileSection>
        <ProfileSection id="password" title="Change password" description="Every other session of your account will be signed out.">
          <PasswordForm />
        </ProfileSection>
        <ProfileSection
          id="notification-mail"
          title="Notification mail"
          description="What reaches your inbox by mail. Nothing you have already read here is mailed."
        >
          <NotificationMail preferences={data.notificationMail} />
        </ProfileSection>
        <ProfileSection
          id="sessions"
          title="Where you're signed in"
          description="Signed in somewhere you no longer use? Sign that session out, or end every session, this one included."
        >
          <Sessions sessions={data.sessions} />
        </ProfileSection>
        <ProfileSection
          id="api-tokens"
          title="API tokens"
          description="Tokens let scripts and integrations use the API as you. Revoke any you no longer use."
        >
          <ApiTokens tokens={data.tokens} />
        </ProfileSection>
        <ProfileSection id="appearance" title="Appearance" description="Light, dark, the system's choice or your own colours.">
          <Link to={APPEARANCE_PATH} className="text-sm font-medium text-brand-600 hover:text-brand-700 dark:text-brand-400">
            Choose a theme
          </Link>
        </ProfileSection>
      </main>
    </div>
  );
}
