export { loader, default } from "~/pages/not-found";
