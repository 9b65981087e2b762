// Any URL no other route claims: 'page not found' with status 404.

export { loader } from "./page.server";

export default function NotFound() {
  return null;
}
