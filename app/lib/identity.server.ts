/** Identity verification as the pages see it (functions/identity/provider.ts). */
export { identityProvider, readVerification } from "../../functions/identity/provider";
