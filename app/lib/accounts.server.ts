// Server-side calls for the account pages.
export { signIn, signUp } from "../../workers/domain/accounts";
