// Any URL no other route claims: 'page not found' with status 404.
export function loader(): never {
  throw new Response(null, { status: 404 });
}
