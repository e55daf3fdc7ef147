// Server-side calls for the account pages.
export { signIn, signUp, updateMe } from "../../workers/domain/accounts";
