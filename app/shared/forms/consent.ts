import { z } from "zod";

/** The consent bar's and the footer's form (POST /consent): the answer and where to go back. */
export const ConsentForm = z.object({
  consent: z.enum(["granted", "denied", "reset"]),
  back: z.string().max(2000).default("/"),
});
