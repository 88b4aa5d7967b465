export { default } from "../../transactions/[sessionId]/not-found";
