export { loader } from "./page.server";

// Every answer is a redirect or the 404 page (the shop's error boundary draws it).
export default function UserDoor() {
  return null;
}
