// Server side of the mail pages: the development outbox.
export { developmentOutbox } from "../../workers/domain/mail";
